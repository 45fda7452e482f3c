import { z } from 'zod';

/** The webaccess calls of API.md "Configuration services": registration by emailed link, password recovery. */

const optionalText = (max: number) => z.string().max(max).nullish();

/** `POST /api/webaccess/registration-link`: `{email, step: 1, lang, type: "COLLABORATOR"}`. */
export const registrationLinkBody = z.object({
  email: z.string().max(500),
  step: z.number().int().optional(),
  lang: optionalText(10),
  type: optionalText(50),
});
export type RegistrationLinkPayload = z.input<typeof registrationLinkBody>;

/** `?u=UUID` of the registration and recovery links. */
export const linkQuery = z.object({ u: z.string().max(100).optional() });

/** `GET /api/webaccess/registration?u=UUID`: the invitation the link stands for. */
export const registrationRecordSchema = z.object({ email: z.string(), uuid: z.string(), type: z.string() });
export type RegistrationRecord = z.infer<typeof registrationRecordSchema>;

/**
 * `POST /api/webaccess/registration`. Every field may be missing or null as far as the shape goes:
 * the service reports each missing one as a CONSTRAINT_VIOLATION entry of its own.
 */
export const registrationBody = z.object({
  name: optionalText(1000),
  lastname: optionalText(1000),
  email: optionalText(1000),
  username: optionalText(1000),
  password: optionalText(1000),
  confirmPassword: optionalText(1000),
  uuid: optionalText(100),
  subjectType: optionalText(50),
  type: optionalText(50),
});
export type RegistrationInput = z.infer<typeof registrationBody>;
/** What the registration page sends: every field (spec §9: subject type PERSON, type COLLABORATOR). */
export type RegistrationPayload = { [K in keyof RegistrationInput]-?: string };

/** The answer of a registration: a token when the new user is signed in at once. */
export const registrationAnswerSchema = z.object({ token: z.string().optional() });
export type RegistrationAnswer = z.infer<typeof registrationAnswerSchema>;

/** `POST /api/webaccess/recover-password-link`: `{username, lang}`. */
export const recoveryLinkBody = z.object({ username: z.string().trim().min(1).max(200), lang: optionalText(10) });
