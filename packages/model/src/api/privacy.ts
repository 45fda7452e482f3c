import { z } from 'zod';

/** Privacy acceptances and service agreements (API.md "Configuration services", spec §7). */

const id = z.number().int();
const translations = z.record(z.string(), z.string());

/** A privacy definition the user accepted, as `GET /api/privacy/accepted/{userId}` lists it. */
export const acceptedPrivacySchema = z.object({
  id,
  code: z.string().nullable(),
  label: z.string(),
  /** The revision the user accepted last, when. */
  revision: id,
  acceptedAt: z.string(),
  /** The definition's revision now: higher when a newer one waits for acceptance. */
  currentRevision: id,
  active: z.boolean(),
  hasDocument: z.boolean(),
});
export type AcceptedPrivacy = z.infer<typeof acceptedPrivacySchema>;

/** One service agreement as spec §7 lists it (`{agreement:{…}}`), with the caller's latest answer. */
export const agreementItemSchema = z.object({
  agreement: z.object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    mandatory: z.boolean(),
    documentId: id.nullable(),
    title: translations,
    body: translations,
    attachments: z.array(z.object({ documentId: id, fileName: z.string() })),
  }),
  /** The caller's latest answer, if any. */
  answer: z.object({ agreed: z.boolean(), answeredAt: z.string() }).nullable(),
});
export type AgreementItem = z.infer<typeof agreementItemSchema>;

/** `PUT /api/privacy/agreements/answers/{userId}`: an answer to every active agreement. */
export const agreementAnswersBody = z.object({
  answers: z.array(z.object({ id: z.number().int().positive(), agreed: z.boolean() })).max(1000),
});
