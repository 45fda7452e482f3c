import type { ApiErrorBody } from '@circula/model';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A field error: a message key and, when the message quotes figures, its parameters. */
export type FieldErrorItem = { field: string; message: string; params?: Record<string, string | number> };

/** An error that becomes the API.md error envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    readonly errorMessage: string = errorCode,
    readonly extra: { reason?: string; errors?: FieldErrorItem[] } = {},
  ) {
    super(errorMessage);
  }

  toBody(): ApiErrorBody {
    return {
      errorCode: this.errorCode,
      errorMessage: this.errorMessage,
      ...(this.extra.errors ? { errors: this.extra.errors } : {}),
      ...(this.extra.reason ? { reason: this.extra.reason } : {}),
    };
  }
}

export const badRequest = (message = 'BAD_REQUEST') => new AppError(400, 'BAD_REQUEST', message);
export const unauthorized = (message = 'UNAUTHORIZED') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (reason?: string, message = 'FORBIDDEN') =>
  new AppError(403, 'FORBIDDEN', message, reason ? { reason } : {});
export const notFound = (message = 'NOT_FOUND') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message = 'CONFLICT') => new AppError(409, 'CONFLICT', message);
export const constraintViolation = (errors: FieldErrorItem[]) =>
  new AppError(400, 'CONSTRAINT_VIOLATION', 'CONSTRAINT_VIOLATION', { errors });

/** A unique index refused the write (PostgreSQL 23505; PGlite reports it in the message). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ((error as { code?: unknown }).code === '23505' || String((error as { message?: unknown }).message ?? '').includes('duplicate key'));

/** The name of the unique index a unique violation names (PostgreSQL's `constraint`, or PGlite's message). */
export function violatedIndex(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const constraint = (error as { constraint?: unknown }).constraint;
  if (typeof constraint === 'string') return constraint;
  return /unique constraint "([^"]+)"/.exec(String((error as { message?: unknown }).message ?? ''))?.[1] ?? null;
}

/** The message keys of the client errors Fastify raises itself, by HTTP status. */
export const CLIENT_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'HEADERS_TOO_LARGE',
};

/** Maps every thrown error to the envelope; never leaks a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: toMessageKey(issue.keyword, issue.message),
      }));
      return reply.status(400).send({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ errorCode: 'TOO_MANY_REQUESTS', errorMessage: 'TOO_MANY_REQUESTS' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large…): a message
      // key the web translates, never Fastify's internal code (FST_ERR_…)
      return reply.status(status).send({ errorCode: 'BAD_REQUEST', errorMessage: CLIENT_ERROR_MESSAGES[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errorCode: 'INTERNAL_ERROR', errorMessage: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' });
  });
}

/** zod issue → a translatable message key (ERRORS.{key} on the web side). */
function toMessageKey(code: string, message: string | undefined): string {
  switch (code) {
    case 'invalid_type':
      return message?.includes('received undefined') ? 'REQUIRED' : 'INVALID_TYPE';
    case 'too_small':
      return 'TOO_SHORT';
    case 'too_big':
      return 'TOO_LONG';
    case 'invalid_format':
      return 'INVALID_FORMAT';
    case 'invalid_value':
      return 'INVALID_VALUE';
    default:
      return 'INVALID';
  }
}
