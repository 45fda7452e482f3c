import type { TableValueSeed } from '../types.js';

type Extra = Omit<TableValueSeed, 'code' | 'it' | 'en'>;

/** One table value: code, Italian and English labels, then the optional columns. */
export const v = (code: string, it: string, en: string, extra: Extra = {}): TableValueSeed => ({ code, it, en, ...extra });
