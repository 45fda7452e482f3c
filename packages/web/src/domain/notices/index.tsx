import type { WebDomainModule } from '../slots';

/**
 * In-app notices (issue 15): the bell of the shell's header (NoticeBell) lists the user's latest
 * ones; the `notices` route is the page of them all (issue 20).
 */
export const notices: WebDomainModule = {
  name: 'notices',
  routes: { notices: { page: { load: async () => (await import('./NoticesPage')).NoticesPage } } },
};
