import type { WebDomainModule } from '../slots';

/**
 * The security administration (spec §6): users, groups, authorities and sessions have pages of
 * their own, each in its own chunk; every sub-route of the area shows the same page, which opens
 * the drawer the path names.
 */
export const security: WebDomainModule = {
  name: 'security',
  routes: {
    users: { page: { load: async () => (await import('../../features/security/UsersPage')).UsersPage } },
    groups: { page: { load: async () => (await import('../../features/security/GroupsPage')).GroupsPage } },
    authorities: { page: { load: async () => (await import('../../features/security/AuthoritiesPage')).AuthoritiesPage } },
    sessions: { page: { load: async () => (await import('../../features/security/SessionsPage')).SessionsPage } },
    // read-only views of the security model: who holds which rights
    profiles: { page: { load: async () => (await import('../../features/security/ProfilesPage')).ProfilesPage } },
    authorizations: { page: { load: async () => (await import('../../features/security/AuthorizationsPage')).AuthorizationsPage } },
  },
};
