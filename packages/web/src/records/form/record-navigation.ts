import { CATALOGUE, type Catalogue, type Target } from '@circula/model';
import { AUTOCOMPLETE_ROUTE_PARAM, internalPath, type AutocompleteReturnState } from '../../fields/autocomplete/add-record';
import type { RecordData } from './record-api';

/** Query parameters of `{route}/new` (spec §2 "Generic record pages"). */
export const QUERY = {
  goBackAfterCreation: 'goBackAfterCreation',
  virtualFolderBackConfiguration: 'virtualFolderBackConfiguration',
  autocompleteRoute: AUTOCOMPLETE_ROUTE_PARAM,
} as const;

export type AfterCreate = { kind: 'path'; to: string; replace: boolean; state?: AutocompleteReturnState } | { kind: 'back' };

/**
 * Where a created record leads:
 * - `autocompleteRoute`: back to the form that asked for the new record through an autocomplete's
 *   "add record" option (that form kept its values in local storage under `formData`);
 * - `virtualFolderBackConfiguration`: back to the virtual folder the record was created from (a path);
 * - `goBackAfterCreation` (any value but `false`): back where the user came from;
 * - otherwise the new record's page.
 */
export function afterCreate(params: URLSearchParams, route: string, id: number): AfterCreate {
  const autocomplete = internalPath(params.get(QUERY.autocompleteRoute));
  if (autocomplete) return { kind: 'path', to: autocomplete, replace: true, state: { autocompleteCreated: id } };
  const virtualFolder = internalPath(params.get(QUERY.virtualFolderBackConfiguration));
  if (virtualFolder) return { kind: 'path', to: virtualFolder, replace: true };
  const goBack = params.get(QUERY.goBackAfterCreation);
  if (goBack !== null && goBack !== 'false') return { kind: 'back' };
  return { kind: 'path', to: `/${route}/${id}`, replace: true };
}

/** spec §4: after a delete or a restore, the parent record, else the root record, else the list. */
export function afterDeleteOrRestore(target: Target, record: Pick<RecordData, 'parentId' | 'rootId'>, catalogue: Catalogue = CATALOGUE): string {
  const parentRoute = target.entity.parent ? catalogue.entity(target.entity.parent)?.route : target.route;
  if (parentRoute && record.parentId != null) return `/${parentRoute}/${record.parentId}`;
  if (parentRoute && record.rootId != null) return `/${parentRoute}/${record.rootId}`;
  return `/${target.route}`;
}

/** The back link of `{route}/{id}/virtual-folder/{back}`: `back` is the (encoded) path or route to return to. */
export function virtualFolderBack(back: string | undefined): string | null {
  if (!back) return null;
  try {
    return internalPath(decodeURIComponent(back));
  } catch {
    return null;
  }
}
