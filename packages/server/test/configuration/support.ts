import type { FastifyInstance } from 'fastify';
import { as, signIn } from '../support/test-app.js';

export const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });

/** A search's `q` parameter, URL-encoded. */
export const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

export type Call = ReturnType<typeof as>;

/** Signed-in callers by demo user name. */
export async function callers<const N extends string>(app: FastifyInstance, ...usernames: N[]): Promise<Record<N, Call>> {
  const out = {} as Record<N, Call>;
  for (const username of usernames) out[username] = as(app, (await signIn(app, username)).token);
  return out;
}
