import { lazy, Suspense } from 'react';
import type { RecordSectionSlot, WebDomainModule } from '../slots';

const EmailPreview = lazy(async () => ({ default: (await import('./EmailPreview')).EmailPreview }));
const RecordVersions = lazy(async () => ({ default: (await import('../../features/versions/RecordVersions')).RecordVersions }));

const preview: RecordSectionSlot = {
  key: 'email-preview',
  render: (context) => (
    <Suspense fallback={null}>
      <EmailPreview {...context} />
    </Suspense>
  ),
};

const versions: RecordSectionSlot = {
  key: 'email-versions',
  visible: ({ controller }) => controller.current !== null && !controller.deleted,
  render: ({ controller }) => (
    <Suspense fallback={null}>
      <RecordVersions controller={controller} restored={['subject', 'body', 'description']} shown={['subject', 'body']} />
    </Suspense>
  ),
};

/**
 * Mail: the outbox (mail kept in the database when no SMTP server is configured) has a page of its
 * own; an email template's page shows its preview and versions below the form (issue 20).
 */
export const mail: WebDomainModule = {
  name: 'mail',
  routes: {
    'mail-outbox': { page: { load: async () => (await import('../../features/mail/MailOutboxPage')).MailOutboxPage } },
    'email-templates': { sections: [preview, versions] },
  },
};
