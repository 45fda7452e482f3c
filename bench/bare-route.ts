/**
 * The ceiling of an HTTP get-by-id on this machine: a bare Fastify server whose one route runs
 * the engine's statement as a named prepared statement, with a pool of the server's size, and
 * answers the row as JSON. No authentication, hooks, record mapping or monitor: what any Node.js
 * HTTP API pays for the same read (HTTP parsing and writing, the pg protocol, JSON). records-bench
 * runs it as a process of its own, as the server runs, and loads it as it loads the API.
 *
 * Environment: BARE_DATABASE_URL, BARE_PORT, BARE_POOL_SIZE, BARE_SQL (one parameter: the id).
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: Number(process.env.BARE_POOL_SIZE ?? 10) });
pool.on('error', () => undefined);
const text = process.env.BARE_SQL!;
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
  const { rows } = await pool.query({ name: 'bare_get_by_id', text, values: [Number(request.params.id)] });
  if (!rows[0]) return reply.code(404).send({ errorCode: 'NOT_FOUND' });
  return { data: rows[0] };
});
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
