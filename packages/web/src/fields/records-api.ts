import { CATALOGUE, type ReferenceField, type Target } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { http } from '../api/client';
import { textIn } from './labels';

/** The few fields of a record an autocomplete or a display needs (and the entity's label fields). */
export interface RecordSummary {
  id: number;
  code?: string | null;
  name?: unknown;
  [field: string]: unknown;
}

const DEFAULT_LABEL = { fields: ['code', 'name'], mode: 'join' } as const;
const labelByEndpoint = new Map(
  CATALOGUE.targets.map((t) => [t.endpoint, { fields: t.entity.labelFields ?? DEFAULT_LABEL.fields, mode: t.entity.labelMode ?? 'join' }]),
);

/**
 * The label of a record: its entity's label fields (`code — name` unless declared), each plain
 * text or `{ it, en }`, joined by " — " (a waste: "20 03 01 — rifiuti urbani non differenziati")
 * or, with labelMode 'first', the first non-empty one (a CMS resource: its file name, else its path).
 */
export function recordLabel(record: RecordSummary, language: string, endpoint?: string): string {
  const { fields, mode } = (endpoint && labelByEndpoint.get(endpoint)) || DEFAULT_LABEL;
  const parts = fields
    .map((f) => record[f])
    .map((v) => (typeof v === 'string' ? (v.trim() ? v : null) : v && typeof v === 'object' ? textIn(v as Record<string, string>, language) : null))
    .filter((p): p is string => !!p);
  if (!parts.length) return `#${record.id}`;
  return mode === 'first' ? parts[0]! : parts.join(' — ');
}

/**
 * The route a reference's pickers and labels go through for this reader: the field's view when it
 * names one the reader may read, else the entity's base route, else the first of its views the
 * reader may read (an owner reads pickup points, not every warehouse); the base route while the
 * reader's routes are not known.
 */
export function referenceTarget(field: Pick<ReferenceField, 'entity' | 'view'>, readable: ReadonlySet<string>): Target {
  const entity = CATALOGUE.entity(field.entity);
  if (!entity) throw new Error(`reference to unknown entity "${field.entity}"`);
  const base = CATALOGUE.target(entity.route)!;
  const preferred = field.view ? CATALOGUE.target(field.view) : undefined;
  if (preferred && preferred.entity === entity && readable.has(preferred.route)) return preferred;
  if (readable.size === 0 || readable.has(base.route)) return base;
  return CATALOGUE.targets.find((t) => t.entity === entity && readable.has(t.route)) ?? base;
}

/** The search endpoint of a base entity of the catalogue. */
export function endpointOf(entity: string): string {
  const definition = CATALOGUE.entity(entity);
  if (!definition) throw new Error(`reference to unknown entity "${entity}"`);
  return definition.endpoint;
}

/**
 * spec §7: autocomplete and chips calls carry this header, which tells the app's busy indicator
 * ("waiter") to leave them alone: they run while the user types.
 */
export const SKIP_WAITER_HEADER = { skipWaiter: 'true' } as const;

/** Autocomplete search (spec §7): free text, live records only, `size` results. */
export async function searchRecords(endpoint: string, text: string, size: number, signal?: AbortSignal, restrictTo?: readonly number[] | null): Promise<RecordSummary[]> {
  if (!endpoint) throw new Error('autocomplete: empty endpoint');
  const filters = restrictTo ? [{ field: 'id', op: 'in', value: restrictTo }] : undefined;
  const data = await http.data<{ items: RecordSummary[] }>(endpoint, {
    query: { q: JSON.stringify({ query: text, ...(filters ? { filters } : {}) }), size, page: 0, showDeleted: false, showArchived: false, showTags: false },
    headers: { ...SKIP_WAITER_HEADER },
    ...(signal ? { signal } : {}),
  });
  return data.items;
}

/**
 * Records by id, batched: the ids asked for within one tick go out as one `id in [...]` search
 * per endpoint (a list of 100 rows showing references costs one request, not 100).
 */
const pending = new Map<string, { ids: Set<number>; waiters: { id: number; resolve: (r: RecordSummary | null) => void; reject: (e: unknown) => void }[] }>();

async function flush(endpoint: string): Promise<void> {
  const batch = pending.get(endpoint);
  pending.delete(endpoint);
  if (!batch) return;
  const ids = [...batch.ids];
  try {
    const data = await http.data<{ items: RecordSummary[] }>(endpoint, {
      query: { q: JSON.stringify({ filters: [{ field: 'id', op: 'in', value: ids }] }), size: ids.length, page: 0, showDeleted: true },
    });
    const byId = new Map(data.items.map((r) => [r.id, r]));
    for (const w of batch.waiters) w.resolve(byId.get(w.id) ?? null);
  } catch (error) {
    for (const w of batch.waiters) w.reject(error);
  }
}

export function fetchRecordSummary(endpoint: string, id: number): Promise<RecordSummary | null> {
  return new Promise((resolve, reject) => {
    let batch = pending.get(endpoint);
    if (!batch) {
      batch = { ids: new Set(), waiters: [] };
      pending.set(endpoint, batch);
      // rows rendered together ask within the same few milliseconds
      setTimeout(() => void flush(endpoint), 0);
    }
    batch.ids.add(id);
    batch.waiters.push({ id, resolve, reject });
  });
}

export function useRecordSummary(endpoint: string, id: number | null | undefined) {
  return useQuery({
    queryKey: ['record-summary', endpoint, id],
    queryFn: () => fetchRecordSummary(endpoint, id!),
    enabled: typeof id === 'number',
    staleTime: 5 * 60_000,
  });
}
