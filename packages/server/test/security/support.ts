import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { as, signIn } from '../support/test-app.js';

export const STRONG_PASSWORD = 'Strong#Pass42';

export type Call = ReturnType<typeof as>;

/** Signs a user in and returns a caller with their bearer token plus the sign-in answer. */
export async function caller(app: FastifyInstance, username: string, password?: string) {
  const user = await signIn(app, username, password);
  return { user, call: as(app, user.token) };
}

export const whoamiStatus = async (app: FastifyInstance, token: string) =>
  (await as(app, token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode;

export const refreshStatus = async (app: FastifyInstance, refreshToken: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } })).statusCode;

/** Asserts a CONSTRAINT_VIOLATION with exactly these `field: message` entries (any order). */
export function expectViolation(res: { statusCode: number; json(): unknown }, expected: Record<string, unknown>): void {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { errorCode: string; errors: { field: string; message: string }[] };
  expect(body.errorCode).toBe('CONSTRAINT_VIOLATION');
  expect(Object.fromEntries(body.errors.map((e) => [e.field, e.message]))).toEqual(expected);
  expect(body.errors).toHaveLength(Object.keys(expected).length);
}

let counter = 0;
/** A username no other test of the file uses. */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
