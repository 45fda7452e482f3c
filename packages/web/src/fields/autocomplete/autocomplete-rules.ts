/** Constants of the autocomplete (spec §9). */
export const AUTOCOMPLETE = {
  /** Fetch mode searches only from this many characters (minCharsToSearch default). */
  minChars: 3,
  /** Pause in typing before a search. */
  waitMs: 250,
  /** The list closes this long after the input loses focus (a click on a suggestion lands first). */
  blurDelayMs: 150,
  /** Suggestions asked for and shown. */
  size: 10,
  /** About ten rows are visible before the list scrolls. */
  visibleRows: 10,
} as const;

export interface Suggestion {
  value: number | string;
  label: string;
  /** Other texts that count as an exact match on blur (the code alone, the name alone). */
  keys?: string[];
}
