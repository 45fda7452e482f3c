import type { AcceptedPrivacy, AgreementItem } from '@circula/model';
import { http } from '../../api/client';
import { ApiError } from '../../api/errors';
import { notifyDanger, notifyError } from '../../app/notifications';
import { i18n } from '../../i18n';
import { openInWindow } from '../../records/open-pdf';

/** A privacy definition waiting for the user's acceptance: `id;label` of the API split once. */
export interface ChangedPrivacy {
  id: number;
  label: string;
}

/** The accepted privacies and the service agreements are the server's shapes (`@circula/model` api/privacy.ts). */
export type { AcceptedPrivacy, AgreementItem };

/** Where the service agreements are listed unless a caller configures another endpoint. */
export const AGREEMENTS_ENDPOINT = '/api/privacy/agreements';

export const privacyDownloadUrl = (id: number) => `/api/privacy/definition/download/${id}`;
export const agreementDocumentUrl = (id: number) => `/api/privacy/agreements/${id}/document`;

/** `"12;Informativa; clienti"` → id 12, label "Informativa; clienti" (the label may hold semicolons). */
export function parseChangedPrivacy(entry: string): ChangedPrivacy | null {
  const at = entry.indexOf(';');
  const id = Number(at < 0 ? entry : entry.slice(0, at));
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { id, label: at < 0 ? String(id) : entry.slice(at + 1) };
}

export const privacyApi = {
  async changed(userId: number): Promise<ChangedPrivacy[]> {
    const entries = await http.data<string[]>(`/api/subjects/subjects/changed-privacies/${userId}`, { silent: true });
    return entries.map(parseChangedPrivacy).filter((p): p is ChangedPrivacy => p !== null);
  },
  accept: (userId: number) => http.data<{ accepted: number[] }>(`/api/subjects/subjects/accept-privacies/${userId}`, { method: 'PUT' }),
  accepted: async (userId: number) => (await http.data<{ items: AcceptedPrivacy[] }>(`/api/privacy/accepted/${userId}`)).items,
  agreements: (endpoint: string = AGREEMENTS_ENDPOINT) => http.data<AgreementItem[]>(endpoint),
  answer: (userId: number, answers: { id: number; agreed: boolean }[]) =>
    http.data<AgreementItem[]>(`/api/privacy/agreements/answers/${userId}`, { method: 'PUT', json: { answers } }),
};

/**
 * Opens a file that needs the bearer token in a new window: the window is opened at the click
 * (so no popup blocker stops it), then pointed at a blob URL of the downloaded file. A missing file
 * (404) shows DOCUMENTS.NO_FILE_PRESENT (spec §8).
 */
export const openInNewWindow = (url: string): Promise<void> =>
  openInWindow(url, (error) => {
    if (error instanceof ApiError && error.status === 404) notifyDanger(i18n.t('DOCUMENTS.NO_FILE_PRESENT'));
    else notifyError(error instanceof ApiError ? error : null);
  });
