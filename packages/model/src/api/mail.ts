import { z } from 'zod';
import { authority } from '../security/authorities.js';

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

/**
 * A message a user writes to a subject (issue 20, "Messages"): recorded as a `communication` with
 * this template code, in the outbox as any other message. It is plain text, sent as written: no
 * email template fits a free message (each is one message of the application's, with its own
 * placeholders), so none is offered and nothing in it is read as a placeholder.
 */
export const FREE_MESSAGE = 'MESSAGE';

/** The languages a communication is written in (the mail service's). */
export const COMMUNICATION_LANGS = ['it', 'en'] as const;
export type CommunicationLang = (typeof COMMUNICATION_LANGS)[number];

/** The limits of a free message: one address (RFC 5321), a subject line as an email template's, a body of a few pages. */
export const COMMUNICATION_LIMITS = { toAddress: 320, subjectLine: 300, body: 20_000 } as const;

// what the engine answers (validation/schemas.ts MESSAGES), spelled here so that this file stays free of the catalogue
const REQUIRED = 'REQUIRED';
const INVALID = 'INVALID';
const TOO_LONG = 'TOO_LONG';

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** One address: no list separators, no display name, no control characters (a header cannot be split). */
const ONE_ADDRESS = /^[^\s@,;<>()"\\\p{Cc}]+@[^\s@,;<>()"\\\p{Cc}]+\.[^\s@,;<>()"\\\p{Cc}]+$/u;

/** A required text: REQUIRED when blank, INVALID when not text (or holding NUL), TOO_LONG past `max`, INVALID when `check` fails. */
const requiredText = (max: number, check?: (value: string) => boolean, keep: (value: string) => string = (v) => v.trim()) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (blank(value)) ctx.addIssue({ code: 'custom', message: REQUIRED });
      else if (typeof value !== 'string' || value.includes('\0')) ctx.addIssue({ code: 'custom', message: INVALID });
      else if (keep(value).length > max) ctx.addIssue({ code: 'custom', message: TOO_LONG });
      else if (check && !check(keep(value))) ctx.addIssue({ code: 'custom', message: INVALID });
    })
    // reached with a wrong value too (the issues above are not aborting): never throws
    .transform((value) => (typeof value === 'string' ? keep(value) : ''));

/**
 * `POST /api/mail/communications/send`: the message to a subject. Every problem is reported on its
 * field with the engine's messages (REQUIRED, INVALID, TOO_LONG), so the form shows them where they
 * belong; the server adds NOT_FOUND on `subject` for a subject the user may not read. The form of
 * the web app checks with this same schema.
 */
export const communicationSendSchema = z.object({
  subject: z
    .unknown()
    .superRefine((value, ctx) => {
      if (blank(value)) ctx.addIssue({ code: 'custom', message: REQUIRED });
      else if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) ctx.addIssue({ code: 'custom', message: INVALID });
    })
    .transform((value) => value as number),
  toAddress: requiredText(COMMUNICATION_LIMITS.toAddress, (v) => ONE_ADDRESS.test(v)),
  // one line: a line break would end the header
  subjectLine: requiredText(COMMUNICATION_LIMITS.subjectLine, (v) => !/[\r\n]/.test(v)),
  // the body as typed (its indentation too), without trailing blanks, with one kind of line break
  body: requiredText(COMMUNICATION_LIMITS.body, undefined, (v) => v.replace(/\r\n?/g, '\n').replace(/\s+$/, '')),
  lang: z
    .unknown()
    // left out: Italian
    .optional()
    .superRefine((value, ctx) => {
      if (value !== undefined && value !== null && !(COMMUNICATION_LANGS as readonly unknown[]).includes(value)) ctx.addIssue({ code: 'custom', message: INVALID });
    })
    .transform((value) => (value ?? 'it') as CommunicationLang),
});
export type CommunicationSend = z.output<typeof communicationSendSchema>;

/** The fields of a message with their problems (empty when it can be sent): what both the server and the form report. */
export function communicationProblems(input: Record<string, unknown>): { field: keyof CommunicationSend; message: string }[] {
  const parsed = communicationSendSchema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ field: String(issue.path[0]) as keyof CommunicationSend, message: issue.message }));
}

/**
 * Who may write to subjects (and resend a failed message): administrators, and whoever holds the
 * communications' authorities to read and to write (MAIL_R and MAIL_W: the base groups give them to
 * administrators and managers). The server checks it; the web app shows "Nuova comunicazione" by it.
 */
export const maySendCommunications = (user: { authorities: readonly string[] }): boolean =>
  user.authorities.includes('ROLE_ADMIN') || (user.authorities.includes(authority('MAIL', 'R')) && user.authorities.includes(authority('MAIL', 'W')));
