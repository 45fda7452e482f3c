import { describe, expect, it } from 'vitest';
import { dictionary } from './dictionaries';
import enMain from './en.json';
import itMain from './it.json';
import { mergeDictionary, type Dictionary } from './merge';

const en = dictionary('en') as Record<string, unknown>;
const itDictionary = dictionary('it') as Record<string, unknown>;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('dictionaries', () => {
  it('translate the same keys in Italian and English', () => {
    expect(keys(en).sort()).toEqual(keys(itDictionary).sort());
  });

  it('are whole in their two chunks: every part is in the sign-in texts or in the rest', () => {
    const all = {
      it: mergeDictionary(itMain, import.meta.glob<Dictionary>('./parts/*.it.json', { eager: true, import: 'default' })),
      en: mergeDictionary(enMain, import.meta.glob<Dictionary>('./parts/*.en.json', { eager: true, import: 'default' })),
    };
    expect(keys(itDictionary).sort()).toEqual(keys(all.it).sort());
    expect(keys(en).sort()).toEqual(keys(all.en).sort());
  });

  it('have no empty texts', () => {
    const empty = (dict: unknown) => keys(dict).filter((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], dict) === '');
    expect(empty(itDictionary)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });
});

describe('menu labels', () => {
  it('name every menu group in both languages', async () => {
    const { SIDE_MENU, SYSTEM_MENU } = await import('@circula/model');
    const groups = [...SIDE_MENU, ...SYSTEM_MENU].flatMap((m) => (m.kind === 'group' ? [m.key] : []));
    for (const dict of [itDictionary, en]) {
      const names = (dict.MENU as Record<string, Record<string, string>>).GROUPS!;
      expect(groups.filter((g) => !names[g])).toEqual([]);
    }
  });
});
