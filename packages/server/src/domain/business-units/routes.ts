import { businessUnitSchema, dataOf, hasRole, isAdmin, itemsOf, type Catalogue } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { Principal } from '../../auth/users.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { LocalDiskStorage } from '../../documents/local-disk-storage.js';
import { sendStoredFile } from '../../documents/send-file.js';
import type { DocumentStorage } from '../../documents/storage.js';
import { forbidden } from '../../http/errors.js';
import { assertCan, can } from '../../records/policy.js';
import { BUSINESS_UNIT_DOCUMENTS } from './hooks.js';
import { BusinessUnitService } from './service.js';

const id = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const positive = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const unitQuery = z.object({ type: z.string().trim().toUpperCase().regex(/^[A-Z][A-Z0-9_]{0,31}$/).optional() });

/**
 * Who may read business units through `/api/bu/unit`: every back-office user (the client reads
 * the DEFAULT unit, the company it works for, for everyone: the owners' company entry), and
 * whoever holds the business units' own authority. Managing them is the generic record pages'
 * `/api/bu/units`, with DOC_BU.
 */
function assertMayReadUnits(principal: Principal): void {
  if (isAdmin(principal) || hasRole(principal, 'ACCESS_BACKOFFICE') || can(principal, { authority: BUSINESS_UNIT_DOCUMENTS }, 'R')) return;
  throw forbidden(undefined, 'CANT_READ');
}

/**
 * The business-unit and CMS calls of spec §7 / API.md "Configuration services":
 * `GET /api/bu/unit?type=DEFAULT`, `GET /api/bu/unit/{id}` (id 0 = the DEFAULT unit),
 * `GET /api/bu/{buId}/attachments/{documentId}` (a document of that unit, DOC_BU read),
 * `GET /api/cms/config/structure` and `GET /api/cms/resource` (the structure and resource
 * selects, with the read authority of those entities).
 */
export function businessUnitRoutes(app: FastifyInstance, db: Db, config: Config, catalogue: Catalogue, storage: DocumentStorage = new LocalDiskStorage(config.documentsDir)): BusinessUnitService {
  const units = new BusinessUnitService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/bu/unit', { schema: { tags: ['business-units'], querystring: unitQuery, response: { 200: dataOf(itemsOf(businessUnitSchema)) } } }, async (request) => {
    assertMayReadUnits(requirePrincipal(request));
    return { data: { items: await units.units(request.query.type) } };
  });

  r.get('/api/bu/unit/:id', { schema: { tags: ['business-units'], params: z.object({ id }), response: { 200: dataOf(businessUnitSchema) } } }, async (request) => {
    assertMayReadUnits(requirePrincipal(request));
    return { data: await units.unit(request.params.id) };
  });

  r.get(
    '/api/bu/:buId/attachments/:documentId',
    {
      schema: {
        tags: ['business-units'],
        params: z.object({ buId: id, documentId: positive }),
        // anti-cache parameter of the web client: accepted and ignored
        querystring: z.object({ version: positive.optional(), t: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      assertCan(requirePrincipal(request), { authority: BUSINESS_UNIT_DOCUMENTS }, 'R');
      const file = await units.attachment(request.params.buId, request.params.documentId, request.query.version);
      return sendStoredFile(reply, storage, file);
    },
  );

  // the read authority of the entities behind the selects (absent from a test's own catalogue)
  const structures = catalogue.target('cms-structures');
  if (structures) {
    r.get('/api/cms/config/structure', { schema: { tags: ['cms'] } }, async (request) => {
      assertCan(requirePrincipal(request), structures, 'R');
      return { data: { items: await units.structures() } };
    });
  }

  const resources = catalogue.target('cms-resources');
  if (resources) {
    r.get('/api/cms/resource', { schema: { tags: ['cms'] } }, async (request) => {
      assertCan(requirePrincipal(request), resources, 'R');
      return { data: { items: await units.resources() } };
    });
  }

  return units;
}
