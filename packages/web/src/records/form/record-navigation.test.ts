import { createCatalogue, defineEntity, text } from '@circula/model';
import { describe, expect, it } from 'vitest';
import { FORM_DATA_KEY, internalPath, restoreFormData, startAddRecord } from '../../fields/autocomplete/add-record';
import { afterCreate, afterDeleteOrRestore, virtualFolderBack } from './record-navigation';

const base = { authority: 'TAG', type: 'configuration', icon: 'x', label: { it: 'x', en: 'x' }, fields: { name: text() } } as const;
const catalogue = createCatalogue([
  defineEntity({ ...base, name: 'folder', endpoint: '/api/t/folders', route: 'folders' }),
  defineEntity({ ...base, name: 'sheet', endpoint: '/api/t/sheets', route: 'sheets', parent: 'folder' }),
]);

describe('record navigation', () => {
  it('follows only paths inside the app', () => {
    expect(internalPath('/tables/3')).toBe('/tables/3');
    expect(internalPath('tables')).toBe('/tables');
    expect(internalPath('//evil.example/x')).toBeNull();
    expect(internalPath('https://evil.example')).toBeNull();
    expect(internalPath('javascript:alert(1)')).toBeNull();
    expect(internalPath('')).toBeNull();
  });

  it('after creation goes to the autocomplete form, the virtual folder, back, or the new record', () => {
    expect(afterCreate(new URLSearchParams('autocompleteRoute=/scheduler/new&goBackAfterCreation=true'), 'tags', 5)).toEqual({
      kind: 'path',
      to: '/scheduler/new',
      replace: true,
      state: { autocompleteCreated: 5 },
    });
    expect(afterCreate(new URLSearchParams('virtualFolderBackConfiguration=%2Ftags%2F1%2Fvirtual-folder%2Ftags'), 'tags', 5)).toEqual({
      kind: 'path',
      to: '/tags/1/virtual-folder/tags',
      replace: true,
    });
    expect(afterCreate(new URLSearchParams('goBackAfterCreation=true'), 'tags', 5)).toEqual({ kind: 'back' });
    expect(afterCreate(new URLSearchParams('goBackAfterCreation=false'), 'tags', 5)).toEqual({ kind: 'path', to: '/tags/5', replace: true });
    expect(afterCreate(new URLSearchParams('autocompleteRoute=https://evil.example'), 'tags', 5)).toEqual({ kind: 'path', to: '/tags/5', replace: true });
  });

  it('after delete or restore goes to the parent, else the root, else the list', () => {
    const folders = catalogue.target('folders')!;
    const sheets = catalogue.target('sheets')!;
    expect(afterDeleteOrRestore(sheets, { parentId: 4, rootId: 1 }, catalogue)).toBe('/folders/4');
    expect(afterDeleteOrRestore(folders, { parentId: null, rootId: 1 }, catalogue)).toBe('/folders/1');
    expect(afterDeleteOrRestore(folders, { parentId: null, rootId: null }, catalogue)).toBe('/folders');
  });

  it('reads the virtual folder back link from the route', () => {
    expect(virtualFolderBack('%2Ftables%2F3')).toBe('/tables/3');
    expect(virtualFolderBack('tables')).toBe('/tables');
    expect(virtualFolderBack('%E0%A4%A')).toBeNull();
  });

  describe('autocomplete "add record"', () => {
    it('keeps the form under formData and opens the new page that comes back to it', () => {
      const to = startAddRecord('subjects', { path: '/warehouses/new?x=1', field: 'owner', multiple: false, values: { name: 'Deposito', owner: null } });
      expect(to).toBe('/subjects/new?autocompleteRoute=%2Fwarehouses%2Fnew%3Fx%3D1');
      expect(JSON.parse(localStorage.getItem(FORM_DATA_KEY)!)).toEqual({ path: '/warehouses/new?x=1', field: 'owner', multiple: false, values: { name: 'Deposito', owner: null } });
      // the new page, once saved, goes back to exactly that path with the new id
      const next = afterCreate(new URL(`http://x${to}`).searchParams, 'subjects', 42);
      expect(next).toEqual({ kind: 'path', to: '/warehouses/new?x=1', replace: true, state: { autocompleteCreated: 42 } });
      expect(restoreFormData('/warehouses/new?x=1', { autocompleteCreated: 42 })).toEqual({ name: 'Deposito', owner: 42 });
    });

    it('adds the new record to a multiple field, once', () => {
      startAddRecord('waste', { path: '/warehouses/3/edit', field: 'authorisedWaste', multiple: true, values: { authorisedWaste: [1, 2] } });
      expect(restoreFormData('/warehouses/3/edit', { autocompleteCreated: 9 })).toEqual({ authorisedWaste: [1, 2, 9] });
      startAddRecord('waste', { path: '/warehouses/3/edit', field: 'authorisedWaste', multiple: true, values: { authorisedWaste: null } });
      expect(restoreFormData('/warehouses/3/edit', { autocompleteCreated: 9 })).toEqual({ authorisedWaste: [9] });
    });

    it('restores nothing without the return state, on another page, or from a broken entry', () => {
      startAddRecord('subjects', { path: '/warehouses/new', field: 'owner', multiple: false, values: { name: 'A' } });
      expect(restoreFormData('/warehouses/new', null)).toBeNull();
      expect(restoreFormData('/warehouses/new', { autocompleteCreated: '4' })).toBeNull();
      expect(restoreFormData('/vehicles/new', { autocompleteCreated: 4 })).toBeNull();
      localStorage.setItem(FORM_DATA_KEY, '{not json');
      expect(restoreFormData('/warehouses/new', { autocompleteCreated: 4 })).toBeNull();
      localStorage.setItem(FORM_DATA_KEY, JSON.stringify({ path: '/warehouses/new', field: 'owner', values: [] }));
      expect(restoreFormData('/warehouses/new', { autocompleteCreated: 4 })).toBeNull();
    });
  });
});
