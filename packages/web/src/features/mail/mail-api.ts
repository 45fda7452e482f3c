/** A message of the outbox as `GET /api/mail/outbox` answers it. */
export interface OutboxMessage {
  id: number;
  createdAt: string;
  to: string;
  subject: string;
  template: string;
  lang: string;
  transport: string;
  status: string;
  error: string | null;
  text: string | null;
  html: string | null;
  sentAt: string | null;
  createdBy: string | null;
}

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
