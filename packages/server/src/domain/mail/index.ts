import type { DomainModule } from '../module.js';
import { registerMailHooks } from './hooks.js';
import { emailTemplateRoutes } from './preview.js';
import { mailRoutes } from './routes.js';

/** Email templates (their rules, preview and versions) and the mail outbox page's call; the mail service itself is in the app context. */
export const mailModule: DomainModule = {
  name: 'mail',
  hooks: registerMailHooks,
  routes: (app, { db, config, catalogue, records }) => {
    mailRoutes(app, db);
    emailTemplateRoutes(app, db, config, catalogue, records);
  },
};
