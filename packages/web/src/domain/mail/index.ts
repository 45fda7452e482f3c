import type { WebDomainModule } from '../slots';

/** The mail outbox (mail kept in the database when no SMTP server is configured) has a page of its own. */
export const mail: WebDomainModule = {
  name: 'mail',
  routes: {
    'mail-outbox': { page: { load: async () => (await import('../../features/mail/MailOutboxPage')).MailOutboxPage } },
  },
};
