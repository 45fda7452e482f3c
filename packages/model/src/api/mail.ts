import { z } from 'zod';

/** A message of the outbox as `GET /api/mail/outbox` answers it (secrets shown to their recipient alone). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  lang: z.string(),
  transport: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The outbox filters the server understands: exact recipient, template, status; and the page. */
export const outboxQuery = z.object({
  to: z.string().trim().max(320).optional(),
  template: z.string().trim().max(50).optional(),
  status: z.string().trim().max(20).optional(),
  page: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(1).optional(),
});
