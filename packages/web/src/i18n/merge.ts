export type Dictionary = { [key: string]: string | Dictionary };

function merge(target: Dictionary, source: Dictionary, path = ''): Dictionary {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value, `${path}${key}.`);
    else if (existing !== undefined) throw new Error(`i18n: ${path}${key} is translated twice`);
    else target[key] = typeof value === 'object' ? merge({}, value, `${path}${key}.`) : value;
  }
  return target;
}

/** A language's whole dictionary: its main file and every part of that language (`parts/{feature}.{lang}.json`). */
export function mergeDictionary(main: Dictionary, parts: Record<string, Dictionary>): Dictionary {
  const whole = structuredClone(main);
  for (const part of Object.values(parts)) merge(whole, part);
  return whole;
}
