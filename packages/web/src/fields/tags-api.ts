import type { TagNode } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { http } from '../api/client';
import { textIn } from './labels';
import { SKIP_WAITER_HEADER } from './records-api';

export const TAGS_ENDPOINT = '/api/conf/tags';

/** A tag as the tag records API answers it (the few fields a picker needs). */
export interface TagRecord {
  id: number;
  name: string;
  translations?: Record<string, string> | null;
  selectable?: boolean | null;
}

/** A node of GET /api/conf/tag/hierarchy/{idOrTreeName} (`@circula/model` api/conf.ts). */
export type { TagNode };

export const tagLabel = (tag: TagRecord, language: string): string => textIn(tag.translations, language) || tag.name;

async function searchTags(text: string): Promise<TagRecord[]> {
  const data = await http.data<{ items: TagRecord[] }>(TAGS_ENDPOINT, {
    query: { q: JSON.stringify(text ? { query: text } : {}), size: 50, page: 0, showDeleted: false },
  });
  return data.items;
}

/** Every selectable node of a tag tree (GET /api/conf/tag/hierarchy/{tree}), depth first, labelled in the user's language. */
async function treeTags(tree: string): Promise<TagRecord[]> {
  const data = await http.data<{ root: TagNode }>(`/api/conf/tag/hierarchy/${encodeURIComponent(tree)}`);
  const out: TagRecord[] = [];
  const walk = (node: TagNode, isRoot: boolean) => {
    if (!isRoot && node.selectable !== false) out.push({ id: node.id, name: node.label || node.name, selectable: true });
    for (const child of node.children) walk(child, false);
  };
  walk(data.root, true);
  return out;
}

/** The tags a picker offers: a tree's nodes, or a free-text search over all tags. */
export function useTagOptions(tree: string | undefined, text: string) {
  return useQuery({
    queryKey: tree ? ['tags-tree', tree] : ['tags-search', text],
    queryFn: () => (tree ? treeTags(tree) : searchTags(text)),
    staleTime: 60_000,
  });
}

/** Tags by id (for the labels of chosen tags). */
export function useTagsById(ids: number[]) {
  return useQuery({
    queryKey: ['tags-by-id', [...ids].sort((a, b) => a - b)],
    queryFn: async () => {
      const data = await http.data<{ items: TagRecord[] }>(TAGS_ENDPOINT, {
        query: { q: JSON.stringify({ filters: [{ field: 'id', op: 'in', value: ids }] }), size: ids.length, page: 0, showDeleted: true },
      });
      return data.items;
    },
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** Chips suggestions for tags (spec §7): the search with the typed text, without the busy indicator. */
export async function suggestTags(text: string, size: number, signal?: AbortSignal): Promise<TagRecord[]> {
  const data = await http.data<{ items: TagRecord[] }>(TAGS_ENDPOINT, {
    query: { q: JSON.stringify({ query: text }), size, page: 0, showDeleted: false },
    headers: { ...SKIP_WAITER_HEADER },
    ...(signal ? { signal } : {}),
  });
  return data.items;
}

/** A tag tree (its root, children nested); spec §8: an empty tree name is a developer error. */
export async function fetchTagTree(idOrTreeName: string | number): Promise<TagNode> {
  if (String(idOrTreeName).trim() === '') throw new Error('tag hierarchy: empty endpoint');
  const data = await http.data<{ root: TagNode }>(`/api/conf/tag/hierarchy/${encodeURIComponent(String(idOrTreeName))}`);
  return data.root;
}

export const tagTreeKey = (idOrTreeName: string | number) => ['tag-hierarchy', String(idOrTreeName)] as const;

export function useTagTree(idOrTreeName: string | number | null) {
  return useQuery({
    queryKey: tagTreeKey(idOrTreeName ?? ''),
    queryFn: () => fetchTagTree(idOrTreeName!),
    enabled: idOrTreeName !== null && String(idOrTreeName) !== '',
    staleTime: 60_000,
  });
}

/** The tag trees: root tags (no parent). */
export function useTagTrees(enabled: boolean) {
  return useQuery({
    queryKey: ['tag-trees'],
    queryFn: async () => {
      const data = await http.data<{ items: (TagRecord & { code?: string | null })[] }>(TAGS_ENDPOINT, {
        query: { q: JSON.stringify({ filters: [{ field: 'parentId', op: 'isNull' }] }), size: 200, page: 0, showDeleted: false },
      });
      return data.items;
    },
    enabled,
    staleTime: 60_000,
  });
}

/** Creates a tag under `parentId` (null: a new tree). Field errors are the caller's to show. */
export const createTag = (name: string, parentId: number | null) =>
  http.data<TagRecord>(TAGS_ENDPOINT, { method: 'POST', json: { name, selectable: true, ...(parentId !== null ? { parentId } : {}) }, silent: true });
