import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, constraintViolation } from './errors.js';

export const fileTooLarge = () => constraintViolation([{ field: 'file', message: 'TOO_LARGE' }]);

/** An error of the operating system (disk full, I/O): the server's problem, not the client's. */
const isSystemError = (error: unknown) => error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!);

/**
 * What went wrong while a multipart body was read, as the client should hear it: limits are
 * constraint violations on the part, and a body the parser cannot read (a cut or malformed
 * multipart: busboy's "Unexpected end of form", "Malformed part header"…) is 400 INVALID_MULTIPART,
 * not a 500.
 */
export function multipartError(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof AppError || isSystemError(error)) return error;
  const limits = request.server.multipartErrors;
  if (error instanceof limits.RequestFileTooLargeError) return fileTooLarge();
  if (error instanceof limits.FilesLimitError) return constraintViolation([{ field: 'file', message: 'TOO_MANY' }]);
  if (error instanceof limits.FieldsLimitError || error instanceof limits.PartsLimitError) return constraintViolation([{ field: 'fields', message: 'TOO_MANY' }]);
  return badRequest('INVALID_MULTIPART');
}
