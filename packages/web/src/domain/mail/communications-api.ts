import { communication, subject } from '@circula/model';
import { http } from '../../api/client';
import type { RecordData } from '../../records/form/record-api';
import type { ListRecord } from '../../records/list/list-api';

/** The communications' route and endpoint (the `communications` target), and the subjects' the recipient is chosen from. */
export const COMMUNICATIONS_ROUTE = communication.route;
export const COMMUNICATIONS_ENDPOINT = communication.endpoint;
export const SUBJECTS_ENDPOINT = subject.endpoint;

/** What the form sends: `POST {communications}/send` (README, calls beyond API.md). */
export interface CommunicationValues {
  subject: number;
  toAddress: string;
  subjectLine: string;
  body: string;
  lang: 'it' | 'en';
}

/** The message written and sent: the communication as it stands once the SMTP server answered. The caller reports failures. */
export const sendCommunication = (values: CommunicationValues) =>
  http.data<RecordData>(`${COMMUNICATIONS_ENDPOINT}/send`, { method: 'POST', json: values, silent: true });

/** A FAILED message queued and sent again: the communication afterwards. The caller reports failures. */
export const resendCommunication = (id: number) => http.data<RecordData>(`${COMMUNICATIONS_ENDPOINT}/${id}/resend`, { method: 'POST', silent: true });

/** A subject's latest communications (its tab), newest first. */
export const subjectCommunications = async (subjectId: number, size: number) =>
  http.data<{ items: ListRecord[]; total: number }>(COMMUNICATIONS_ENDPOINT, {
    query: { q: JSON.stringify({ filters: [{ field: 'subject', op: 'eq', value: subjectId }] }), size, page: 0, sort: 'id,desc' },
    silent: true,
  });

/** The addresses a subject may be written to: its email, then its PEC (each once). */
export function subjectAddresses(record: Record<string, unknown> | null | undefined): { address: string; kind: 'EMAIL' | 'PEC' }[] {
  if (!record) return [];
  const contact = record.contact as { email?: unknown } | null | undefined;
  const out: { address: string; kind: 'EMAIL' | 'PEC' }[] = [];
  const add = (value: unknown, kind: 'EMAIL' | 'PEC') => {
    const address = typeof value === 'string' ? value.trim() : '';
    if (address && !out.some((a) => a.address.toLowerCase() === address.toLowerCase())) out.push({ address, kind });
  };
  add(contact?.email, 'EMAIL');
  add(record.pec, 'PEC');
  return out;
}
