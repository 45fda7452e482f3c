import { lazy, Suspense } from 'react';
import type { RecordSectionSlot, RecordSlotContext, WebDomainModule } from '../slots';
import { PRINT_TEMPLATES_ROUTE } from './print-templates-api';

const PrintPreview = lazy(async () => ({ default: (await import('./PrintPreview')).PrintPreview }));
const RecordVersions = lazy(async () => ({ default: (await import('../../features/versions/RecordVersions')).RecordVersions }));

const saved = ({ controller }: RecordSlotContext) => controller.current !== null && !controller.deleted;

const preview: RecordSectionSlot = {
  key: 'print-preview',
  render: (context) => (
    <Suspense fallback={null}>
      <PrintPreview {...context} />
    </Suspense>
  ),
};

const versions: RecordSectionSlot = {
  key: 'print-versions',
  visible: saved,
  render: (context) => (
    <Suspense fallback={null}>
      <RecordVersions controller={context.controller} restored={['name', 'header', 'footer', 'closing', 'description']} shown={['header', 'footer', 'closing']} />
    </Suspense>
  ),
};

/** Print templates (issue 20): below the form, the placeholders and the preview on a real record, and the versions. */
export const printTemplates: WebDomainModule = {
  name: 'print-templates',
  routes: { [PRINT_TEMPLATES_ROUTE]: { sections: [preview, versions] } },
};
