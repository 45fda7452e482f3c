import type { CreateUserPayload, SecurityUser, UpdateUserPayload, UserActionAnswer } from './security-api';

/** What the user form edits (enabling and disabling are actions of their own, applied at once). */
export interface UserFormValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  lang: string;
  groups: string[];
}

export const DEFAULT_USER_LANG = 'it';

export function userFormValues(user: SecurityUser | null): UserFormValues {
  if (!user) return { username: '', email: '', firstName: '', lastName: '', lang: DEFAULT_USER_LANG, groups: [] };
  return {
    username: user.username,
    email: user.email ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    lang: user.lang ?? DEFAULT_USER_LANG,
    groups: user.groups.map((g) => g.code),
  };
}

export function createUserPayload(values: UserFormValues): CreateUserPayload {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    lang: values.lang,
    groups: [...values.groups],
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The update of a loaded user: its `version` and only the fields the form changed (API.md: fields
 * left out keep their value). Groups go only when they changed, as changing them ends the user's
 * sessions on the server.
 */
export function updateUserPayload(user: SecurityUser, values: UserFormValues): UpdateUserPayload {
  const before = userFormValues(user);
  const payload: UpdateUserPayload = { version: user.version };
  const text = ['email', 'firstName', 'lastName'] as const;
  for (const key of text) if (values[key].trim() !== before[key]) payload[key] = values[key].trim();
  if (values.lang !== before.lang) payload.lang = values.lang;
  if (!sameSet(values.groups, before.groups)) payload.groups = [...values.groups];
  return payload;
}

/** Whether an update payload changes anything beyond its version. */
export const changesSomething = (payload: UpdateUserPayload): boolean => Object.keys(payload).some((k) => k !== 'version');

export type PasswordAnswer = { kind: 'password'; password: string } | { kind: 'message'; message: string } | { kind: 'none' };

/**
 * What to tell the administrator after create or reset-password, as the server answered: a
 * one-time password to hand over, or the server's message (for instance that it was mailed).
 */
export function passwordAnswer(answer: UserActionAnswer | string | null | undefined): PasswordAnswer {
  if (typeof answer === 'string') return answer.trim() ? { kind: 'message', message: answer } : { kind: 'none' };
  if (answer?.temporaryPassword) return { kind: 'password', password: answer.temporaryPassword };
  if (typeof answer?.message === 'string' && answer.message.trim()) return { kind: 'message', message: answer.message };
  return { kind: 'none' };
}
