import type { FastifyInstance } from 'fastify';
import { constraintViolation } from './errors.js';

/** Deeper than any body the API takes (a tag tree is the deepest, a few levels); deeper input is refused before anything walks it recursively. */
export const MAX_INPUT_DEPTH = 64;

/**
 * NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair (they cannot be
 * written as UTF-8: Node would silently store U+FFFD in their place).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface InputProblem {
  /** Where, as the validation errors name fields (`addresses.0.city`); the outermost ten steps of a deep one. */
  field: string;
  message: 'INVALID_CHARACTERS' | 'TOO_DEEP';
}

/** At most this many problems are reported for one request. */
const MAX_PROBLEMS = 20;

/**
 * Most inputs need no walk: nothing at all, or an object of scalars (path parameters, a query, a
 * small form) whose keys and strings are storable. Checked without allocating, as every request
 * passes here three times.
 */
function plainAndClean(input: unknown): boolean {
  if (input === null || input === undefined) return true;
  if (typeof input !== 'object') return typeof input !== 'string' || !UNSTORABLE.test(input);
  if (Buffer.isBuffer(input)) return true;
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    const value = (input as Record<string, unknown>)[key];
    if (UNSTORABLE.test(key) || (value !== null && typeof value === 'object') || (typeof value === 'string' && UNSTORABLE.test(value))) return false;
  }
  return true;
}

/**
 * The problems of a parsed input (body, query or path parameters), walked without recursion: every
 * string field with unstorable characters, and the first place nested deeper than MAX_INPUT_DEPTH.
 */
export function inputProblems(input: unknown): InputProblem[] {
  if (plainAndClean(input)) return [];
  const problems: InputProblem[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  const add = (path: string[], message: InputProblem['message']) => problems.push({ field: path.slice(0, 10).join('.'), message });
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) add(path, 'INVALID_CHARACTERS');
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      add(path, 'TOO_DEEP');
      break;
    }
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) add(path, 'INVALID_CHARACTERS');
      else stack.push({ value: item, path: [...path, key] });
    }
  }
  return problems;
}

/**
 * Every request's path parameters, query and parsed body are checked before validation: input
 * that no route can store or walk safely is a 400 (CONSTRAINT_VIOLATION naming the field and the
 * reason), never a database error or a
 * stack overflow deeper in (fuzzing found both on public routes such as sign-in).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const inParams = inputProblems(request.params);
    const inQuery = inputProblems(request.query);
    const inBody = inputProblems(request.body);
    done(inParams.length + inQuery.length + inBody.length > 0 ? constraintViolation([...inParams, ...inQuery, ...inBody]) : undefined);
  });
}
