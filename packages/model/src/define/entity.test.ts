import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../entities/index.js';
import { defineEntity } from './entity.js';
import { text } from './fields.js';

const base = {
  name: 'sample',
  endpoint: '/api/samples',
  authority: 'TABLE',
  type: 'configuration',
  icon: 'FileOutlined',
  label: { it: 'Esempi', en: 'Samples' },
  fields: { fileName: text(), path: text() },
} as const;

describe('label fields of an entity', () => {
  it('accepts code and declared fields, with a first-non-empty mode', () => {
    const sample = defineEntity({ ...base, labelFields: ['fileName', 'path'], labelMode: 'first' });
    expect(sample.labelFields).toEqual(['fileName', 'path']);
    expect(sample.labelMode).toBe('first');
    expect(defineEntity({ ...base, labelFields: ['code'] }).labelFields).toEqual(['code']);
  });

  it('rejects a label field that is not a field, an empty list, and a first mode with nothing to fall back on', () => {
    expect(() => defineEntity({ ...base, labelFields: ['title'] })).toThrow('label field title is not a field');
    expect(() => defineEntity({ ...base, labelFields: [] })).toThrow('labelFields is empty');
    expect(() => defineEntity({ ...base, labelFields: ['path'], labelMode: 'first' })).toThrow("labelMode 'first' needs at least two label fields");
    expect(() => defineEntity({ ...base, labelMode: 'first' })).toThrow("labelMode 'first' needs at least two label fields");
  });

  it('declares the spec §3 select labels: structure = code, resource = file name else path, waste = EER code — description', () => {
    expect(CATALOGUE.entity('cms-structure')).toMatchObject({ labelFields: ['code'] });
    expect(CATALOGUE.entity('cms-structure')!.labelMode ?? 'join').toBe('join');
    expect(CATALOGUE.entity('cms-resource')).toMatchObject({ labelFields: ['fileName', 'path'], labelMode: 'first' });
    expect(CATALOGUE.entity('waste')).toMatchObject({ labelFields: ['displayCode', 'description'] });
    expect(CATALOGUE.entity('waste')!.labelMode ?? 'join').toBe('join');
  });
});
