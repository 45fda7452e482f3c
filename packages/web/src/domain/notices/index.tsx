import type { WebDomainModule } from '../slots';

/**
 * In-app notices (issue 15): no route of their own; the bell of the shell's header (NoticeBell)
 * lists the user's latest ones.
 */
export const notices: WebDomainModule = { name: 'notices', routes: {} };
