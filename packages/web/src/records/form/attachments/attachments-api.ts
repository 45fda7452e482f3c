import { attachmentOwner, CATALOGUE, type attachment, type DocumentVersion, type note, type RecordOf, type Target } from '@circula/model';
import { http } from '../../../api/client';
import type { RecordData } from '../record-api';

/** A note and a document link, typed from their entities' declarations. */
export type NoteRecord = RecordOf<typeof note>;
export type AttachmentRecord = RecordOf<typeof attachment>;

/** The routes holding the notes and documents of a base entity's records, or null when it has none. */
export function attachmentTargets(entityName: string): { authority: string; notes: Target; documents: Target } | null {
  const kind = attachmentOwner(entityName);
  const notes = kind && CATALOGUE.target(kind.notes);
  const documents = kind && CATALOGUE.target(kind.documents);
  return kind && notes && documents ? { authority: kind.authority, notes, documents } : null;
}

const byOwner = (ownerId: number) => JSON.stringify({ filters: [{ field: 'ownerId', op: 'eq', value: ownerId }], sort: [{ field: 'id', dir: 'desc' }] });

/** The calls of the attachments tab: the generic record API of the views, and the document upload. */
export const attachmentsApi = {
  list: <T extends RecordData>(target: Target, ownerId: number) =>
    http.data<{ items: T[]; total: number }>(target.endpoint, { query: { q: byOwner(ownerId), page: 0, size: 200 } }),
  create: <T extends RecordData>(target: Target, body: Record<string, unknown>) => http.data<T>(target.endpoint, { method: 'POST', json: body }),
  remove: (target: Target, id: number) => http.data<RecordData>(`${target.endpoint}/${id}/delete`, { method: 'PUT' }),
  /** Uploads a file owned by the record (its documents authority and id): `/api/resources/document`. */
  upload: (file: File, authority: string, ownerId: number) => {
    const form = new FormData();
    form.append('ownerEntity', authority);
    form.append('ownerId', String(ownerId));
    form.append('file', file, file.name);
    return http.upload<DocumentVersion>('/api/resources/document', form);
  },
};

/** spec §2: `{route}/{id}/virtual-folder/{back}` opens a record with a way back to where it was opened from. */
export const virtualFolderPath = (route: string, id: number, back: string) => `/${route}/${id}/virtual-folder/${encodeURIComponent(back)}`;
