import { warehouseMovement } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { assertCan } from '../../records/policy.js';
import { readRegister, readStock, registerSite } from './ledger/read.js';
import { registerCsv } from './register/csv.js';
import type { RegisterDocument } from './register/document.js';
import { printFrame } from '../print-templates/context.js';
import { registerPdf } from './register/pdf.js';
import { registerXml } from './register/xml.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const langOf = (lang: string | null | undefined): 'it' | 'en' => (lang === 'en' ? 'en' : 'it');

/**
 * The warehouse calls of API.md "Operations": a warehouse's load/unload register for a year (JSON,
 * paged with totals for the register page, or the whole year as CSV, PDF or RENTRI-shaped XML) and
 * the stock at an instant. Both are the ledger's: they need its read authority (MOVEMENT_R).
 */
export function warehouseRoutes(app: FastifyInstance, db: Db): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/warehouses/register/:wh',
    {
      schema: {
        tags: ['warehouse'],
        params: z.object({ wh: id }),
        querystring: z.object({
          year: z.coerce.number().int().min(2000).max(2100),
          format: z.enum(['json', 'pdf', 'xml', 'csv']).default('json'),
          page: z.coerce.number().int().min(0).max(100_000).optional(),
          size: z.coerce.number().int().min(1).max(1000).optional(),
          waste: id.optional(),
          movement: z.enum(['C', 'S']).optional(),
          from: day.optional(),
          to: day.optional(),
          lang: z.enum(['it', 'en']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      assertCan(principal, warehouseMovement, 'R');
      const { wh } = request.params;
      const q = request.query;
      const lang = q.lang ?? langOf(principal.lang);
      const site = await registerSite(db, wh, lang);
      if (!site) throw notFound();
      if (q.format === 'json') {
        const page = q.page !== undefined || q.size !== undefined ? { page: q.page ?? 0, size: q.size ?? 50 } : {};
        const register = await readRegister(db, wh, { year: q.year, lang, waste: q.waste, movement: q.movement, from: q.from, to: q.to, ...page });
        return { data: { ...register, site, year: q.year } };
      }
      // the exports are the legal register: the whole year, whatever the page's filters
      const { items } = await readRegister(db, wh, { year: q.year, lang });
      const doc: RegisterDocument = { site, year: q.year, lang, rows: items, printedAt: new Date().toISOString() };
      const file = `registro-${site.code}-${q.year}`;
      reply.header('cache-control', 'no-store');
      if (q.format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file}.csv"`).send(registerCsv(doc));
      if (q.format === 'xml') return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${file}.xml"`).send(registerXml(doc));
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${file}.pdf"`).send(await registerPdf(doc, { frame: await printFrame(db, principal, { document: 'REGISTER', data: doc }, lang) }));
    },
  );

  api.get(
    '/api/warehouses/stock',
    {
      schema: {
        tags: ['warehouse'],
        querystring: z.object({
          warehouseId: id.optional(),
          // an EER code as six digits ("170405", spaces and asterisk ignored) or a waste id
          eer: z.string().max(12).optional(),
          wasteId: id.optional(),
          material: id.optional(),
          at: z.iso.datetime({ offset: true }).optional(),
          // only the stock held beyond its R13/D15 storage limit (the dashboard's warning)
          overdue: z.enum(['true', 'false']).optional(),
          lang: z.enum(['it', 'en']).optional(),
        }),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      assertCan(principal, warehouseMovement, 'R');
      const q = request.query;
      let waste = q.wasteId;
      if (q.eer !== undefined) {
        const code = q.eer.replace(/[\s*]/g, '');
        const row = await db.selectFrom('waste' as never).select('id' as never).where('code' as never, '=', code as never).executeTakeFirst() as { id: number } | undefined;
        if (!row) return { data: { items: [] } };
        waste = Number(row.id);
      }
      const items = await readStock(db, { warehouseIds: q.warehouseId ? [q.warehouseId] : null, waste, material: q.material, at: q.at, lang: q.lang ?? langOf(principal.lang) });
      return { data: { items: q.overdue === 'true' ? items.filter((i) => i.overdue) : items } };
    },
  );
}
