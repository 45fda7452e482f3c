import { fir, type Catalogue } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requirePrincipal } from '../../../auth/request-auth.js';
import type { Db } from '../../../db/connect.js';
import { notFound } from '../../../http/errors.js';
import { writeHistoryMany } from '../../../records/history.js';
import type { RecordService } from '../../../records/service.js';
import { systemPrincipal } from '../../module.js';
import { firDocument } from './data.js';
import { OPEN_FIR_STATUSES } from './issue.js';
import { printFrame } from '../../print-templates/context.js';
import { firPdf } from './pdf.js';
import { signFir } from './sign.js';
import { firXml } from './xml.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const params = z.object({ id, firId: id });
const kg = z.number().min(0).max(1_000_000);

/** How often the server looks for FIRs unsigned past their deadline. */
export const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Marks SIGNATURE_MISSING on the FIRs still waiting for a signature past their deadline (each once,
 * with a history row by the system). Returns how many it marked.
 */
export async function sweepUnsignedFirs(db: Db, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; version: number; anomalies: string[] | null; before: string[] | null }>`
      with due as (
        select id, anomalies from fir
        where status = any(${[...OPEN_FIR_STATUSES]}::text[]) and not deleted and sign_deadline < ${now.toISOString()}::timestamptz
          and not ('SIGNATURE_MISSING' = any(coalesce(anomalies, '{}'::text[])))
        for update skip locked
      )
      update fir f set anomalies = array_append(coalesce(due.anomalies, '{}'::text[]), 'SIGNATURE_MISSING'), version = f.version + 1, updated_at = now(), updated_by = 'system'
      from due where f.id = due.id
      returning f.id, f.version, f.anomalies, due.anomalies as before`.execute(trx);
    await writeHistoryMany(
      trx,
      systemPrincipal('fir-deadlines'),
      rows.map((r) => ({ entity: fir.name, recordId: Number(r.id), version: Number(r.version), action: 'UPDATE', changes: { anomalies: [r.before, r.anomalies] } })),
    );
    return rows.length;
  });
}

/**
 * The FIR calls of API.md "Operations" under the transport endpoint: sign, PDF and XML of a FIR
 * of a transport. The FIR is read through the `fir` target first: its authority and row rules (an
 * external user reaches only FIRs of their company's loads; anyone else's is 404).
 */
export function firRoutes(app: FastifyInstance, db: Db, catalogue: Catalogue, records: RecordService): void {
  const transport = catalogue.target('transport');
  const firs = catalogue.target(fir.route);
  if (!transport || !firs) return;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const readFir = async (principal: ReturnType<typeof requirePrincipal>, transportId: number, firId: number) => {
    const record = await records.get(principal, firs, firId);
    if (Number(record.transport) !== transportId) throw notFound();
    return record;
  };

  api.put(
    `${transport.endpoint}/:id/fir/:firId/sign`,
    {
      schema: {
        tags: ['transport'],
        params,
        body: z.object({
          role: z.enum(['PRODUCER', 'TRANSPORTER', 'DESTINATION']),
          acceptedKg: kg.optional(),
          refusedKg: kg.optional(),
          refusalReason: z.string().max(300).optional(),
        }),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { id: transportId, firId } = request.params;
      await readFir(principal, transportId, firId);
      await db.transaction().execute((trx) => signFir(trx, principal, transportId, firId, request.body));
      return { data: await readFir(principal, transportId, firId) };
    },
  );

  api.get(`${transport.endpoint}/:id/fir/:firId/pdf`, { schema: { tags: ['transport'], params } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const record = await readFir(principal, request.params.id, request.params.firId);
    const data = await firDocument(db, record);
    const pdf = await firPdf(data, { frame: await printFrame(db, principal, { document: 'FIR', data }, 'it') });
    const file = `FIR-${String(record.number).replaceAll('/', '-')}.pdf`;
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${file}"`).header('cache-control', 'no-store').send(pdf);
  });

  api.get(`${transport.endpoint}/:id/fir/:firId/xml`, { schema: { tags: ['transport'], params } }, async (request, reply) => {
    const record = await readFir(requirePrincipal(request), request.params.id, request.params.firId);
    const xml = firXml(await firDocument(db, record));
    const file = `FIR-${String(record.number).replaceAll('/', '-')}.xml`;
    return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store').send(xml);
  });

  // FIRs unsigned past their deadline go to the verifier: looked for at start and every 10 minutes
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepUnsignedFirs(db).catch((error: unknown) => app.log.error({ err: error }, 'FIR deadline sweep failed'));
    return running;
  };
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
