import type { DomainModule } from '../module.js';
import { registerNoticeHooks } from './hooks.js';
import { deadlineRemindersJob, outboxRetryJob } from './jobs.js';
import { noticeRoutes } from './routes.js';

/**
 * In-app notices to users, and the mails that go with them (issue 15): a notice to the requester
 * on every status change of a movement request (hooks.ts), its mail sent after the commit
 * (mailer.ts), and the user's own notices (routes.ts: `/api/notices`). Its scheduled jobs
 * (jobs.ts): deadline reminders, and the retry of the notices' mails.
 */
export const noticesModule: DomainModule = {
  name: 'notices',
  hooks: registerNoticeHooks,
  jobs: [deadlineRemindersJob, outboxRetryJob],
  routes(app, { db, mail }) {
    noticeRoutes(app, db, mail);
  },
};
