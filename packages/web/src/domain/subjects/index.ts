import type { WebDomainModule } from '../slots';

/**
 * spec §3: customers and suppliers open their virtual folder on the tab the user keeps as default.
 * The business-project and organization areas get theirs when their routes exist.
 */
export const subjects: WebDomainModule = {
  name: 'subjects',
  routes: {
    customers: { virtualFolderTabPreference: 'customerVirtualFolderDefaultTab' },
    suppliers: { virtualFolderTabPreference: 'supplierVirtualFolderDefaultTab' },
  },
};
