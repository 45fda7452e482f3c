import type { RecordData } from '../records/form/record-api';

/**
 * A record as the generic API answers it (API.md "Record shape"): every common field filled with
 * the value of a new, live, writable record, then the test's own values (its entity's fields, and
 * whatever common field it looks at).
 */
export function aRecord(values: Partial<RecordData> = {}): RecordData {
  return {
    id: 1,
    code: null,
    status: null,
    version: 1,
    rootId: null,
    parentId: null,
    authorId: null,
    authRead: null,
    authReadMap: [],
    authWrite: null,
    authWriteMap: [],
    createdAt: null,
    createdBy: null,
    updatedAt: null,
    updatedBy: null,
    delete: { deleted: false, deletedAt: null, deletedBy: null },
    archived: false,
    extraFields: { current_envers_version: 1 },
    canWrite: true,
    allowedStatuses: [],
    ...values,
  };
}
