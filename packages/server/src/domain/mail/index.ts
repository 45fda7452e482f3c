import type { DomainModule } from '../module.js';
import { communicationRoutes } from './communication-routes.js';
import { registerMailHooks } from './hooks.js';
import { emailTemplateRoutes } from './preview.js';
import { mailRoutes } from './routes.js';

/**
 * Email templates (their rules, preview and versions), the mail outbox page's call and the messages
 * users write to subjects (send, resend); the mail service itself is in the app context.
 */
export const mailModule: DomainModule = {
  name: 'mail',
  hooks: registerMailHooks,
  routes: (app, { db, config, catalogue, records, mail }) => {
    mailRoutes(app, db);
    emailTemplateRoutes(app, db, config, catalogue, records);
    communicationRoutes(app, db, mail, catalogue, records);
  },
};
