import type { DomainModule } from '../module.js';
import { registerNoticeHooks } from './hooks.js';
import { noticeRoutes } from './routes.js';

/**
 * In-app notices to users, and the mails that go with them (issue 15): a notice to the requester
 * on every status change of a movement request (hooks.ts), its mail sent after the commit
 * (mailer.ts), and the user's own notices (routes.ts: `/api/notices`).
 */
export const noticesModule: DomainModule = {
  name: 'notices',
  hooks: registerNoticeHooks,
  routes(app, { db, mail }) {
    noticeRoutes(app, db, mail);
  },
};
