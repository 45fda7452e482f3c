import type { DomainModule } from '../module.js';
import { registerMailHooks } from './hooks.js';
import { mailRoutes } from './routes.js';

/** Email templates (their rules) and the mail outbox page's call; the mail service itself is in the app context. */
export const mailModule: DomainModule = { name: 'mail', hooks: registerMailHooks, routes: (app, { db }) => mailRoutes(app, db) };
