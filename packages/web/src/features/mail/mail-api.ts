/** A message of the outbox as `GET /api/mail/outbox` answers it (`@circula/model` api/mail.ts). */
export type { OutboxMessage } from '@circula/model';

export const OUTBOX_ENDPOINT = '/api/mail/outbox';

/** The outbox filters the server understands: exact recipient, template, status. */
export function outboxFilters(values: { to?: string; template?: string; status?: string }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['to', 'template', 'status'] as const) {
    const value = values[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}
