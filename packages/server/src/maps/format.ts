import type { TextValue } from '@circula/model';

const integer = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });

/**
 * A route distance as spec §9 shows it: kilometres rounded, or metres under 1 km
 * ("12 km", "1.234 km", "850 m"). `value` stays in metres.
 */
export function distanceText(metres: number): string {
  const m = Math.max(0, Math.round(metres));
  if (m < 1000) return `${m} m`;
  return `${integer.format(Math.round(m / 1000))} km`;
}

/** A duration in hours and minutes, minutes rounded ("1 h 5 min", "2 h", "25 min", "0 min"). */
export function durationText(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${integer.format(h)} h` : `${integer.format(h)} h ${m} min`;
}

export const distanceOf = (metres: number): TextValue => ({ text: distanceText(metres), value: Math.round(metres) });
export const durationOf = (seconds: number): TextValue => ({ text: durationText(seconds), value: Math.round(seconds) });
