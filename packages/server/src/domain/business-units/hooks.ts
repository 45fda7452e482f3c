import { cmsResource } from '@circula/model';
import { checkDocument, giveDocument } from '../../documents/claim.js';
import type { HookRegistry, RecordData } from '../../records/hooks.js';

/** Documents attached to a business unit are owned by DOC_BU and the unit's id (spec §6 business-unit documents). */
export const BUSINESS_UNIT_DOCUMENTS = 'DOC_BU';
/** A CMS resource's file is owned by the resource: TABLE (the resources' authority) and its id. */
export const CMS_RESOURCE_OWNER = 'TABLE';

/** A path is kept without a leading or trailing slash: `/img/logo.png` and `img/logo.png` are one path. */
const normalisedPath = (values: RecordData): RecordData =>
  typeof values.path === 'string' ? { ...values, path: values.path.trim().replace(/^\/+|\/+$/g, '') } : values;

export function registerBusinessHooks(registry: HookRegistry): HookRegistry {
  registry.register(cmsResource, {
    async beforeCreate(ctx, values) {
      const fileName = typeof values.document === 'number' ? (await checkDocument(ctx, values.document, { authority: CMS_RESOURCE_OWNER, id: null })).fileName : null;
      return { ...normalisedPath(values), fileName };
    },
    async afterCreate(ctx, record) {
      await giveDocument(ctx, record.document, { authority: CMS_RESOURCE_OWNER, id: record.id as number });
    },
    async beforeUpdate(ctx, current, values) {
      const next = normalisedPath(values);
      if (values.document === undefined || values.document === current.document) return next;
      if (values.document === null) return { ...next, fileName: null };
      const id = current.id as number;
      const fileName = (await checkDocument(ctx, values.document as number, { authority: CMS_RESOURCE_OWNER, id })).fileName;
      await giveDocument(ctx, values.document, { authority: CMS_RESOURCE_OWNER, id });
      return { ...next, fileName };
    },
  });
  return registry;
}
