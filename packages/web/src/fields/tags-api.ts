import { useQuery } from '@tanstack/react-query';
import { http } from '../api/client';
import { textIn } from './labels';

export const TAGS_ENDPOINT = '/api/conf/tags';

/** A tag as the tag records API answers it (the few fields a picker needs). */
export interface TagRecord {
  id: number;
  name: string;
  translations?: Record<string, string> | null;
  selectable?: boolean | null;
}

interface TagNode {
  id: number;
  name: string;
  label: string;
  selectable: boolean;
  children: TagNode[];
}

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
    if (!isRoot && node.selectable) out.push({ id: node.id, name: node.label || node.name, selectable: true });
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
