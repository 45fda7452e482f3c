import type { Page } from '@circula/model';
import { http } from '../../api/client';
import { saveBlob, type ListRecord } from '../../records/list/list-api';

/** The transport endpoint and the FIRs' (spec §2 `transaction-documents`). */
export const TRANSPORT_ENDPOINT = '/api/transports/transport';
export const FIR_ENDPOINT = '/api/transports/transaction-documents';
export const FIR_WORKLIST_ROUTE = 'fir-anomalies';

export type SignRole = 'PRODUCER' | 'TRANSPORTER' | 'DESTINATION';

/** Which signature a FIR in this status waits for (the server's order: producer, transporter, destination). */
export const NEXT_SIGNATURE: Readonly<Record<string, SignRole>> = { ISSUED: 'PRODUCER', SIGNED_PRODUCER: 'TRANSPORTER', SIGNED_TRANSPORTER: 'DESTINATION' };

export interface FirSignature {
  role: SignRole;
  signedBy: string;
  signedAt: string;
  hash: string;
}

export interface FirRecord extends ListRecord {
  number: string;
  transport: number;
  estimatedKg: number | null;
  verifiedKg: number | null;
  signatures: FirSignature[] | null;
  anomalies: string[] | null;
}

/** The FIRs of a transport, in the order they were issued (a transport has tens at most). */
export const firsOfTransport = (transportId: number) =>
  http.data<Page<FirRecord>>(FIR_ENDPOINT, {
    query: { q: JSON.stringify({ filters: [{ field: 'transport', op: 'eq', value: transportId }], sort: [{ field: 'id', dir: 'asc' }] }), size: 100 },
    silent: true,
  });

/** `PUT {transport}/{id}/fir/{firId}/sign` (API.md "Operations"). */
export const signFir = (transportId: number, firId: number, body: { role: SignRole; acceptedKg?: number; refusedKg?: number; refusalReason?: string }) =>
  http.data<FirRecord>(`${TRANSPORT_ENDPOINT}/${transportId}/fir/${firId}/sign`, { method: 'PUT', json: body, silent: true });

/** Downloads a FIR's XML as `FIR-{number}.xml`. */
export async function downloadFirXml(transportId: number, fir: { id: number; number?: unknown }): Promise<void> {
  saveBlob(await http.blob(firXmlUrl(transportId, fir.id), { silent: true }), `FIR-${String(fir.number).replaceAll('/', '-')}.xml`);
}

export const firPdfUrl = (transportId: number, firId: number) => `${TRANSPORT_ENDPOINT}/${transportId}/fir/${firId}/pdf`;
export const firXmlUrl = (transportId: number, firId: number) => `${TRANSPORT_ENDPOINT}/${transportId}/fir/${firId}/xml`;

/** How many FIRs wait for the verifier (the worklist's total). */
export const worklistCount = async () => (await http.data<Page<FirRecord>>(`/api/transports/${FIR_WORKLIST_ROUTE}`, { query: { size: 1 }, silent: true })).total;
