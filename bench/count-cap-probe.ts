/**
 * What the cut of a list's count costs (records/service.ts LIST_EXACT_COUNT): on the database the
 * requests benchmark leaves behind (`BENCH_DATABASE_URL=… npm run bench:requests` first), the
 * first page of the pickup requests and the page filtered by status, each with its count cut at
 * 10 001 and at 1 001 rows, the planner's estimate alone (EXPLAIN), and the page without a count;
 * raw SQL through the driver, 32 callers, 8 s each.
 * `BENCH_DATABASE_URL=postgres://… npx tsx count-cap-probe.ts` (PostgreSQL only: the embedded
 * database of the benchmark is deleted when it ends).
 */
import { sql } from 'kysely';
import { connect } from '../packages/server/src/db/connect.js';
import { sqlLoad } from './support.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required');
const handle = await connect({ databaseUrl: url, dataDir: '', poolSize: 10 });
const db = handle.db;
const LOAD = { connections: 32, durationSeconds: 8 };
const statuses = ['SUBMITTED', 'ACCEPTED', 'PLANNED'];
const status = () => statuses[Math.floor(Math.random() * statuses.length)]!;
for (const cap of [10_001, 1_001]) {
  const first = await sqlLoad(LOAD, () =>
    sql`select id, code, status, (select count(*) from (select 1 from transaction where kind = 'RDR' and not deleted and not archived limit ${cap}) c) as total
      from transaction where kind = 'RDR' and not deleted and not archived order by wished_from desc, id desc limit 20`.execute(db),
  );
  const byStatus = await sqlLoad(LOAD, () => {
    const s = status();
    return sql`select id, code, status, (select count(*) from (select 1 from transaction where kind = 'RDR' and status = ${s} and not deleted and not archived limit ${cap}) c) as total
      from transaction where kind = 'RDR' and status = ${s} and not deleted and not archived order by wished_from desc, id desc limit 20`.execute(db);
  });
  console.log(`count cut at ${cap}: first page ${first.rps.toFixed(0)} q/s p95 ${first.p95.toFixed(1)} ms · by status ${byStatus.rps.toFixed(0)} q/s p95 ${byStatus.p95.toFixed(1)} ms`);
}
const estimate = await sqlLoad(LOAD, () => sql`explain (format json) select 1 from transaction where kind = 'RDR' and not deleted and not archived`.execute(db));
const plain = await sqlLoad(LOAD, () => sql`select id, code, status from transaction where kind = 'RDR' and not deleted and not archived order by wished_from desc, id desc limit 20`.execute(db));
console.log(`the estimate alone: ${estimate.rps.toFixed(0)} q/s p95 ${estimate.p95.toFixed(1)} ms · the page without a count: ${plain.rps.toFixed(0)} q/s p95 ${plain.p95.toFixed(1)} ms`);
await handle.close();
