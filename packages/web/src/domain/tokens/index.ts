import type { WebDomainModule } from '../slots';

/** Route `token` (spec §2): the signed-in user's personal API tokens, a page of its own. */
export const tokens: WebDomainModule = {
  name: 'tokens',
  routes: { token: { page: { load: async () => (await import('./ApiTokensPage')).ApiTokensPage } } },
};
