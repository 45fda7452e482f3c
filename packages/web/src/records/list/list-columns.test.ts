import { CATALOGUE, createCatalogue, defineEntity, integer, json, text, workflow } from '@circula/model';
import { describe, expect, it } from 'vitest';
import {
  columnsPreference,
  columnsPreferenceKey,
  defaultVisibleColumns,
  listColumns,
  visibleColumnsFromPreference,
} from './list-columns';

const tableValues = CATALOGUE.target('table-values')!;

describe('listColumns', () => {
  it('lists code, the fields in catalogue order and the last update', () => {
    const ids = listColumns(tableValues).map((c) => c.id);
    expect(ids[0]).toBe('code');
    expect(ids.at(-1)).toBe('updatedAt');
    expect(ids.slice(1, -1)).toEqual(Object.keys(tableValues.entity.fields));
    expect(ids).not.toContain('status');
  });

  it('shows code and the fields marked list: true by default', () => {
    expect(defaultVisibleColumns(listColumns(tableValues))).toEqual(['code', 'tableCode', 'name']);
  });

  it('falls back to the first scalar fields and adds the status of an entity with statuses', () => {
    const entity = defineEntity({
      name: 'sample',
      endpoint: '/api/sample',
      authority: 'TABLE',
      type: 'other',
      icon: 'x',
      label: { it: 'Prova', en: 'Sample' },
      fields: { extras: json(), a: text(), b: integer(), c: text(), d: text() },
      statuses: workflow('DRAFT', { DRAFT: [] }, { DRAFT: { label: { it: 'Bozza', en: 'Draft' }, color: 'blue' } }),
    });
    const target = createCatalogue([entity]).target('sample')!;
    expect(defaultVisibleColumns(listColumns(target))).toEqual(['code', 'status', 'a', 'b', 'c']);
  });
});

describe('column preferences', () => {
  const columns = listColumns(tableValues);

  it('are kept under list-columns:{route}', () => {
    expect(columnsPreferenceKey('table-values')).toBe('list-columns:table-values');
  });

  it('store the visible columns in display order, without unknown ones', () => {
    expect(columnsPreference(['name', 'code', 'nope'], columns)).toEqual({ visible: ['code', 'name'] });
  });

  it('are read back from the JSON text the server keeps, or from an object', () => {
    const stored = JSON.stringify(columnsPreference(['updatedAt', 'val'], columns));
    expect(visibleColumnsFromPreference(stored, columns)).toEqual(['val', 'updatedAt']);
    expect(visibleColumnsFromPreference({ visible: ['code'] }, columns)).toEqual(['code']);
    expect(visibleColumnsFromPreference(['sortOrder'], columns)).toEqual(['sortOrder']);
  });

  it('fall back to the defaults (null) when missing, broken or naming no column left', () => {
    for (const stored of [undefined, null, '', '{', '"x"', '{"visible":"code"}', '{"visible":["gone"]}', 42]) {
      expect(visibleColumnsFromPreference(stored, columns)).toBeNull();
    }
  });
});
