import { CATALOGUE } from '@circula/model';
import { describe, expect, it } from 'vitest';
import { recordLabel } from './records-api';

describe('recordLabel', () => {
  it('is code — name by default, the name in the language asked', () => {
    expect(recordLabel({ id: 1, code: 'TAG-000001', name: 'Urgente' }, 'it', CATALOGUE.target('tags')!.endpoint)).toBe('TAG-000001 — Urgente');
    expect(recordLabel({ id: 2, code: 'X', name: { it: 'Carta', en: 'Paper' } }, 'en')).toBe('X — Paper');
    expect(recordLabel({ id: 3, code: null, name: null }, 'it')).toBe('#3');
  });

  it('uses the label fields an entity declares: a waste shows its EER code and its description', () => {
    const waste = { id: 9, code: '200301', name: undefined, displayCode: '20 03 01', description: { it: 'rifiuti urbani non differenziati', en: 'mixed municipal waste' } };
    expect(recordLabel(waste, 'it', CATALOGUE.target('waste')!.endpoint)).toBe('20 03 01 — rifiuti urbani non differenziati');
    expect(recordLabel(waste, 'en', CATALOGUE.target('waste')!.endpoint)).toBe('20 03 01 — mixed municipal waste');
  });
});

describe('recordLabel of the structure and resource selects (spec §3)', () => {
  const structures = CATALOGUE.target('cms-structures')!.endpoint;
  const resources = CATALOGUE.target('cms-resources')!.endpoint;

  it('shows a structure by its code alone', () => {
    expect(recordLabel({ id: 4, code: 'HOME-LAYOUT', name: 'Pagina iniziale' }, 'it', structures)).toBe('HOME-LAYOUT');
  });

  it('shows a resource by its file name, else by its path', () => {
    expect(recordLabel({ id: 5, code: 'RES-000005', path: '/docs/privacy', fileName: 'informativa.pdf' }, 'it', resources)).toBe('informativa.pdf');
    expect(recordLabel({ id: 6, code: 'RES-000006', path: '/docs/terms', fileName: null }, 'it', resources)).toBe('/docs/terms');
    expect(recordLabel({ id: 7, code: 'RES-000007', path: '/docs/cookies', fileName: '' }, 'it', resources)).toBe('/docs/cookies');
    expect(recordLabel({ id: 8, code: 'RES-000008', path: null, fileName: null }, 'it', resources)).toBe('#8');
  });
});
