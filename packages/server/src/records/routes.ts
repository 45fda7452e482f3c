import { dataOf, historyEntrySchema, itemsOf, type Catalogue, type Target } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/request-auth.js';
import { idParams } from '../http/ids.js';
import type { RecordService } from './service.js';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true').optional();
/** The query of a search, shared with the export (import-routes.ts). */
export const searchQuery = z.object({
  q: z.string().max(20_000).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  size: z.coerce.number().int().min(1).max(1000).optional(),
  sort: z.string().max(500).optional(),
  showDeleted: flag,
  showArchived: flag,
  showTags: flag,
  unpaged: flag,
  /** Count every match instead of estimating a big list (README, "The request lists at a million lines"). */
  exactCount: flag,
});

/** The generic endpoints of API.md "Generic records", for every entity and route view (the export and import: import-routes.ts). */
export function recordRoutes(app: FastifyInstance, catalogue: Catalogue, records: RecordService): void {
  for (const target of catalogue.targets) registerTarget(app, target, records);
}

function registerTarget(app: FastifyInstance, target: Target, records: RecordService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const E = target.endpoint;
  const tags = [target.name];

  r.get(E, { schema: { tags, querystring: searchQuery } }, async (request) => {
    const q = request.query;
    const data = await records.search(requirePrincipal(request), target, {
      ...(q.q !== undefined ? { q: q.q } : {}),
      ...(q.page !== undefined ? { page: q.page } : {}),
      ...(q.size !== undefined ? { size: q.size } : {}),
      ...(q.sort !== undefined ? { sort: q.sort } : {}),
      showDeleted: q.showDeleted ?? false,
      showArchived: q.showArchived ?? false,
      unpaged: q.unpaged ?? false,
      exactCount: q.exactCount ?? false,
    });
    return { data };
  });

  r.get(`${E}/:id`, { schema: { tags, params: idParams } }, async (request) => ({
    data: await records.get(requirePrincipal(request), target, request.params.id),
  }));

  r.post(E, { schema: { tags, body: z.unknown() } }, async (request, reply) => {
    const data = await records.create(requirePrincipal(request), target, request.body);
    return reply.status(201).send({ data });
  });

  r.put(
    `${E}/:id`,
    { schema: { tags, params: idParams, querystring: z.object({ newStatus: z.string().min(1).max(64).optional() }), body: z.unknown() } },
    async (request) => ({
      data: await records.update(requirePrincipal(request), target, request.params.id, request.body, request.query.newStatus),
    }),
  );

  r.put(`${E}/:id/delete`, { schema: { tags, params: idParams } }, async (request) => ({
    data: await records.remove(requirePrincipal(request), target, request.params.id),
  }));

  r.put(`${E}/:id/un-deletes`, { schema: { tags, params: idParams } }, async (request) => ({
    data: await records.restore(requirePrincipal(request), target, request.params.id),
  }));

  r.get(`${E}/:id/history`, { schema: { tags, params: idParams, response: { 200: dataOf(itemsOf(historyEntrySchema)) } } }, async (request) => ({
    data: await records.history(requirePrincipal(request), target, request.params.id),
  }));
}
