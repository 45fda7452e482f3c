/**
 * Named value checks a text field can ask for (`text({ check: 'italianVatNumber' })`). Each returns
 * true for a valid value. Domain issues add theirs here.
 */
export const CHECKS: Record<string, (value: string) => boolean> = {
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  /** hh:mm, 24 hours. */
  time: (v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
};

export function registerCheck(name: string, check: (value: string) => boolean): void {
  CHECKS[name] = check;
}
