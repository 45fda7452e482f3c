import { createCatalogue, defineEntity, text } from '@circula/model';
import { describe, expect, it } from 'vitest';
import { afterCreate, afterDeleteOrRestore, internalPath, virtualFolderBack } from './record-navigation';

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
    expect(afterCreate(new URLSearchParams('autocompleteRoute=/scheduler/new&goBackAfterCreation=true'), 'tags', 5)).toEqual({ kind: 'path', to: '/scheduler/new', replace: true });
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
});
