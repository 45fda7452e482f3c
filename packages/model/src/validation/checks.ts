import { isValidIban } from './iban.js';
import { isItalianFiscalCode, isItalianVatNumber } from './italian.js';

/**
 * Named value checks a text field can ask for (`text({ check: 'italianVatNumber' })`). Each returns
 * true for a valid value. The keys are a type: a field naming a check that is not here does not
 * compile. Domain issues add theirs here.
 */
export const CHECKS = {
  email: (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  /** hh:mm, 24 hours. */
  time: (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
  /** Italian registry numbers (validation/italian.ts). */
  italianVatNumber: isItalianVatNumber,
  italianFiscalCode: isItalianFiscalCode,
  iban: isValidIban,
  hexColor: (v: string) => /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v),
  /** An IANA time zone the runtime knows (Europe/Rome, UTC…). */
  timeZone: isTimeZone,
  /** A quartz expression (below). */
  quartzCron: (v: string) => parseQuartzCron(v).error === undefined,
} as const satisfies Record<string, (value: string) => boolean>;

/** The name of a check of CHECKS: what `text({ check })` accepts. */
export type CheckName = keyof typeof CHECKS;

function isTimeZone(v: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(v)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/* ------------------------------------------------------------------------------------------------
 * Quartz cron (spec §9 "Cron"): six fields `s m h dom mon dow`, seconds fixed to 0, exactly one of
 * day-of-month and day-of-week is `?`. Supported in every field: `*`, values, ranges `a-b`, lists
 * `a,b`, steps `*∕n`, `a∕n`, `a-b∕n`; months 1-12 or JAN-DEC, days of week 1-7 (Sunday = 1) or
 * SUN-SAT, case-insensitive. Quartz's `L`, `W`, `#` and the optional year field are not supported.
 * --------------------------------------------------------------------------------------------- */

/** The instants a quartz expression names, as sets per field; `null` = the `?` day field. */
export interface QuartzSchedule {
  /** The expression, normalised: single spaces, upper case. */
  expression: string;
  minutes: readonly number[];
  hours: readonly number[];
  daysOfMonth: readonly number[] | null;
  months: readonly number[];
  /** 1 = Sunday … 7 = Saturday. */
  daysOfWeek: readonly number[] | null;
}

/** Message keys (ERRORS.{key} on the web) of an invalid quartz expression, one per cause. */
export const CRON_ERRORS = {
  fields: 'INVALID_CRON_FIELDS',
  seconds: 'INVALID_CRON_SECONDS',
  minutes: 'INVALID_CRON_MINUTES',
  hours: 'INVALID_CRON_HOURS',
  dayOfMonth: 'INVALID_CRON_DAY_OF_MONTH',
  month: 'INVALID_CRON_MONTH',
  dayOfWeek: 'INVALID_CRON_DAY_OF_WEEK',
  /** Both day fields set, or both `?`: quartz needs `?` in exactly one of them. */
  dayChoice: 'INVALID_CRON_DAY_CHOICE',
} as const;

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** One cron field → its sorted values, or null when malformed or out of [min, max]. */
function cronField(text: string, min: number, max: number, names: string[] = []): number[] | null {
  const value = (token: string): number | null => {
    const byName = names.indexOf(token);
    if (byName >= 0) return byName + 1;
    if (!/^\d{1,2}$/.test(token)) return null;
    const n = Number(token);
    return n >= min && n <= max ? n : null;
  };
  const out = new Set<number>();
  for (const item of text.split(',')) {
    const [range, stepText, ...rest] = item.split('/');
    if (range === undefined || rest.length > 0) return null;
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d{1,2}$/.test(stepText)) return null;
      step = Number(stepText);
      if (step < 1 || step > max) return null;
    }
    let lo: number | null;
    let hi: number | null;
    if (range === '*') {
      lo = min;
      hi = max;
    } else if (range.includes('-')) {
      const [a, b, ...more] = range.split('-');
      if (a === undefined || b === undefined || more.length > 0) return null;
      lo = value(a);
      hi = value(b);
      if (lo === null || hi === null || lo > hi) return null;
    } else {
      lo = value(range);
      // quartz: `a/n` runs from a to the end of the field
      hi = stepText !== undefined ? max : lo;
    }
    if (lo === null || hi === null) return null;
    for (let n = lo; n <= hi; n += step) out.add(n);
  }
  return out.size > 0 ? [...out].sort((x, y) => x - y) : null;
}

/** Parses a quartz expression: the schedule, or the message key of the first problem. */
export function parseQuartzCron(expression: string): { schedule: QuartzSchedule; error?: undefined } | { schedule?: undefined; error: string } {
  const parts = expression.trim().toUpperCase().split(/\s+/);
  if (parts.length !== 6) return { error: CRON_ERRORS.fields };
  const [seconds, minutes, hours, dom, month, dow] = parts as [string, string, string, string, string, string];
  if (seconds !== '0') return { error: CRON_ERRORS.seconds };
  const m = cronField(minutes, 0, 59);
  if (!m) return { error: CRON_ERRORS.minutes };
  const h = cronField(hours, 0, 23);
  if (!h) return { error: CRON_ERRORS.hours };
  const d = dom === '?' ? null : cronField(dom, 1, 31);
  if (dom !== '?' && !d) return { error: CRON_ERRORS.dayOfMonth };
  const mo = cronField(month, 1, 12, MONTH_NAMES);
  if (!mo) return { error: CRON_ERRORS.month };
  const w = dow === '?' ? null : cronField(dow, 1, 7, DAY_NAMES);
  if (dow !== '?' && !w) return { error: CRON_ERRORS.dayOfWeek };
  if ((d === null) === (w === null)) return { error: CRON_ERRORS.dayChoice };
  return { schedule: { expression: parts.join(' '), minutes: m, hours: h, daysOfMonth: d, months: mo, daysOfWeek: w } };
}

/* ------------------------------------------------------------------------------------------------
 * SVG icons: one `<svg …>…</svg>` element that cannot run code or load anything from elsewhere.
 * --------------------------------------------------------------------------------------------- */

export const SVG_ERRORS = {
  /** Not exactly one well-formed `<svg>` element (text outside it, two roots, DOCTYPE, `<?xml`…). */
  notSingleElement: 'INVALID_SVG',
  script: 'SVG_SCRIPT_NOT_ALLOWED',
  eventHandler: 'SVG_EVENT_HANDLER_NOT_ALLOWED',
  javascript: 'SVG_JAVASCRIPT_NOT_ALLOWED',
  externalReference: 'SVG_EXTERNAL_REFERENCE_NOT_ALLOWED',
  /** Elements that embed other documents or code: foreignObject, iframe, object, embed… */
  element: 'SVG_ELEMENT_NOT_ALLOWED',
} as const;

const FORBIDDEN_SVG_ELEMENTS = new Set(['foreignobject', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'meta', 'link', 'base', 'handler', 'listener']);
const NAMED_REFERENCES: Record<string, string> = {
  colon: ':', tab: '\t', newline: '\n', lpar: '(', rpar: ')', sol: '/', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", num: '#', period: '.',
};

/** Character references decoded, so that `jav&#x61;script&colon;` reads as what a browser sees. */
function decodeReferences(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    const code = hex !== undefined ? parseInt(hex, 16) : dec !== undefined ? Number(dec) : null;
    if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    return NAMED_REFERENCES[name!.toLowerCase()] ?? whole;
  });
}

/** Attributes of a start tag's inner text (after the name): `[name, value]`. */
function attributesOf(text: string): [string, string][] | null {
  const out: [string, string][] = [];
  const re = /[\s/]*([^\s/>="']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
  let at = 0;
  while (at < text.length) {
    if (/^[\s/]*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m || m[0].length === 0) return null;
    out.push([m[1]!, m[2] ?? m[3] ?? m[4] ?? '']);
    at = re.lastIndex;
  }
  return out;
}

/** The message key of the first problem of an SVG icon, or null when it is safe to inline. */
export function svgIconProblem(svg: string): string | null {
  const text = svg.trim();
  const decoded = decodeReferences(text);
  const compact = decoded.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();
  if (/<\s*script/i.test(decoded)) return SVG_ERRORS.script;
  if (/(?:java|vb)script:/.test(compact)) return SVG_ERRORS.javascript;
  if (/@import|url\((?!['"]?#)/.test(compact)) return SVG_ERRORS.externalReference;

  const stack: string[] = [];
  let closedRoot = false;
  let at = 0;
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)([^<>]*)>/y;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const textEnd = lt < 0 ? text.length : lt;
    // character data only inside the root element
    if (textEnd > at && (stack.length === 0 || closedRoot) && text.slice(at, textEnd).trim() !== '') return SVG_ERRORS.notSingleElement;
    if (lt < 0) break;
    if (closedRoot) return SVG_ERRORS.notSingleElement;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end < 0 || stack.length === 0) return SVG_ERRORS.notSingleElement;
      at = end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      if (end < 0 || stack.length === 0) return SVG_ERRORS.notSingleElement;
      at = end + 3;
      continue;
    }
    tag.lastIndex = lt;
    const m = tag.exec(text);
    // `<!DOCTYPE`, `<!ENTITY`, `<?xml`, a stray `<`
    if (!m) return SVG_ERRORS.notSingleElement;
    const closing = m[1] === '/';
    const name = m[2]!;
    const rest = m[3]!;
    const local = (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
    if (closing) {
      if (rest.trim() !== '' || stack.pop() !== name) return SVG_ERRORS.notSingleElement;
      if (stack.length === 0) closedRoot = true;
    } else {
      if (stack.length === 0 && name !== 'svg') return SVG_ERRORS.notSingleElement;
      if (local === 'script') return SVG_ERRORS.script;
      if (FORBIDDEN_SVG_ELEMENTS.has(local)) return SVG_ERRORS.element;
      const attributes = attributesOf(rest);
      if (!attributes) return SVG_ERRORS.notSingleElement;
      for (const [attribute, raw] of attributes) {
        const attrLocal = (attribute.includes(':') ? attribute.slice(attribute.indexOf(':') + 1) : attribute).toLowerCase();
        if (attrLocal.startsWith('on')) return SVG_ERRORS.eventHandler;
        const value = decodeReferences(raw).trim();
        // links and <use>/<image> may only point inside the icon itself
        if (attrLocal === 'href' && !value.startsWith('#')) return SVG_ERRORS.externalReference;
        // animations must not rewrite links or handlers
        if (attrLocal === 'attributename' && /href|^on/i.test(value)) return SVG_ERRORS.externalReference;
      }
      if (!rest.trimEnd().endsWith('/')) stack.push(name);
      else if (stack.length === 0) closedRoot = true;
    }
    at = tag.lastIndex;
  }
  return closedRoot && stack.length === 0 ? null : SVG_ERRORS.notSingleElement;
}
