import { CATALOGUE } from '@circula/model';
import { lazy } from 'react';
import { attachmentTargets } from '../../records/form/attachments/attachments-api';
import type { RecordSectionSlot, WebDomainModule } from '../slots';

const AttachmentsTab = lazy(async () => ({ default: (await import('../../records/form/attachments/AttachmentsTab')).AttachmentsTab }));

/** The notes and documents of a saved record, below its form. */
const attachmentsSection: RecordSectionSlot = {
  key: 'attachments',
  visible: ({ controller }) => controller.current !== null,
  render: ({ target, controller }) => (
    <AttachmentsTab entityName={target.entity.name} recordId={controller.current!.id} backPath={`/${target.route}/${controller.current!.id}`} />
  ),
};

/** Every route whose base entity the catalogue declares attachment owners for gets the attachments section. */
export const attachments: WebDomainModule = {
  name: 'attachments',
  routes: Object.fromEntries(CATALOGUE.targets.filter((target) => attachmentTargets(target.entity.name)).map((target) => [target.route, { sections: [attachmentsSection] }])),
};
