import { SendOutlined } from '@ant-design/icons';
import { CATALOGUE, FREE_MESSAGE, maySendCommunications, subject } from '@circula/model';
import { lazy, Suspense } from 'react';
import { ApiError } from '../../api/errors';
import { userStore } from '../../app/auth/user-store';
import { notifyDanger, notifyError, notifySuccess } from '../../app/notifications';
import { queryClient } from '../../app/query-client';
import { i18n } from '../../i18n';
import type { RecordData } from '../../records/form/record-api';
import type { ListActionSlot, RecordActionSlot, RecordSectionSlot, RecordTabSlot, RouteSlots, WebDomainModule } from '../slots';
import { loadedAbilities } from '../warehouses/route-abilities';
import { COMMUNICATIONS_ROUTE, resendCommunication } from './communications-api';

const EmailPreview = lazy(async () => ({ default: (await import('./EmailPreview')).EmailPreview }));
const RecordVersions = lazy(async () => ({ default: (await import('../../features/versions/RecordVersions')).RecordVersions }));
// the communications' parts are chunks of their own, fetched when they first show
const NewCommunicationButton = lazy(async () => ({ default: (await import('./CommunicationModal')).NewCommunicationButton }));
const CommunicationFilters = lazy(async () => ({ default: (await import('./CommunicationFilters')).CommunicationFilters }));
const SubjectCommunications = lazy(async () => ({ default: (await import('./SubjectCommunications')).SubjectCommunications }));

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

/** "Nuova comunicazione" on the communications list (to a user who may write to subjects); the list shows the new one. */
const newCommunication: ListActionSlot = {
  key: 'communication-new',
  render: ({ reload }) => (
    <Suspense fallback={null}>
      <NewCommunicationButton onSent={reload} />
    </Suspense>
  ),
};

/** The communications list's filters by status and subject. */
const communicationFilters: ListActionSlot = {
  key: 'communication-filters',
  render: () => (
    <Suspense fallback={null}>
      <CommunicationFilters />
    </Suspense>
  ),
};

/** Resends a failed message and shows the communication afterwards (SENT, or FAILED again with the new error). */
async function resend(record: RecordData): Promise<void> {
  const t = i18n.t.bind(i18n);
  try {
    const after = await resendCommunication(record.id);
    queryClient.setQueryData(['record', COMMUNICATIONS_ROUTE, record.id], after);
    if (after.status === 'FAILED') notifyDanger(t('COMMUNICATIONS.OUTCOME.FAILED'), [t('COMMUNICATIONS.OUTCOME.FAILED_HINT'), String(after.error ?? '')].filter(Boolean).join('\n'));
    else if (after.status === 'SENT') notifySuccess(t('COMMUNICATIONS.OUTCOME.SENT'), t('COMMUNICATIONS.OUTCOME.SENT_TO', { to: String(after.toAddress ?? '') }));
    else notifySuccess(t('COMMUNICATIONS.OUTCOME.QUEUED'), t('COMMUNICATIONS.OUTCOME.QUEUED_HINT', { to: String(after.toAddress ?? '') }));
  } catch (error) {
    notifyError(error instanceof ApiError ? error : null);
    // what the server holds now (another user may have resent it)
    await queryClient.invalidateQueries({ queryKey: ['record', COMMUNICATIONS_ROUTE, record.id] });
  }
}

/** "Reinvia" on a message a user wrote that FAILED, to a user who may write to subjects. */
const resendAction: RecordActionSlot = {
  key: 'communication-resend',
  button: ({ controller }, t) => {
    const record = controller.current;
    const user = userStore.get();
    if (!record || controller.formMode !== 'show' || controller.deleted || record.status !== 'FAILED' || record.template !== FREE_MESSAGE) return null;
    if (!user || !maySendCommunications(user)) return null;
    return { key: 'communication-resend', label: t('COMMUNICATIONS.RESEND'), icon: <SendOutlined />, primary: true, onClick: () => void resend(record), testId: 'communication-resend' };
  },
};

/** "Comunicazioni" on a saved subject's page, to a user who may read communications. */
const subjectTab: RecordTabSlot = {
  key: 'communications',
  label: { it: 'Comunicazioni', en: 'Communications' },
  visible: ({ controller }) => controller.current !== null && !controller.deleted && loadedAbilities(COMMUNICATIONS_ROUTE).canRead,
  render: ({ controller }) => (
    <Suspense fallback={null}>
      <SubjectCommunications subject={controller.current!} />
    </Suspense>
  ),
};

/** Every route of a subject: the base route and its role views (customers, suppliers…). */
const SUBJECT_ROUTES = CATALOGUE.targets.filter((target) => target.entity.name === subject.name).map((target) => target.route);
const subjectSlots: RouteSlots = { tabs: [subjectTab] };

/**
 * Mail: the outbox (mail kept in the database when no SMTP server is configured) has a page of its
 * own; an email template's page shows its preview and versions below the form (issue 20). The
 * messages users write to subjects (issue 20, "Messages"): "Nuova comunicazione" and the filters on
 * the communications list, "Reinvia" on a failed one, and a subject's communications in a tab of
 * its page.
 */
export const mail: WebDomainModule = {
  name: 'mail',
  routes: {
    'mail-outbox': { page: { load: async () => (await import('../../features/mail/MailOutboxPage')).MailOutboxPage } },
    'email-templates': { sections: [preview, versions] },
    [COMMUNICATIONS_ROUTE]: { listActions: [communicationFilters, newCommunication], recordActions: [resendAction] },
    ...Object.fromEntries(SUBJECT_ROUTES.map((route) => [route, subjectSlots])),
  },
};
