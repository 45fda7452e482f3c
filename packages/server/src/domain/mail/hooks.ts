import { emailTemplate, MESSAGES } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { EntityHooks, HookRegistry, RecordData } from '../../records/hooks.js';
import { checkTemplate, MAIL_LANGS } from './templates.js';

/**
 * An email template is checked as it will be stored: a language the mail service sends in, and a
 * subject and body that render (see `checkTemplate`), so that a wrong template is refused here,
 * on its field, and never fails a message later.
 */
function checked(template: RecordData, values: RecordData): RecordData {
  const errors: { field: string; message: string }[] = [];
  if (typeof template.lang === 'string' && !(MAIL_LANGS as readonly string[]).includes(template.lang)) {
    errors.push({ field: 'lang', message: 'UNSUPPORTED_LANGUAGE' });
  }
  const subject = typeof template.subject === 'string' ? template.subject : '';
  const body = typeof template.body === 'string' ? template.body : '';
  if (!subject.trim()) errors.push({ field: 'subject', message: MESSAGES.required });
  if (!body.trim()) errors.push({ field: 'body', message: MESSAGES.required });
  if (subject.trim() && body.trim()) errors.push(...checkTemplate(String(template.template ?? ''), { subject, body }));
  if (errors.length) throw constraintViolation(errors);
  return values;
}

export const emailTemplateHooks: EntityHooks = {
  async beforeCreate(_ctx, values) {
    return checked(values, values);
  },
  async beforeUpdate(_ctx, current, values) {
    return checked({ ...current, ...values }, values);
  },
};

/** Adds the hooks of the mail entities to a registry. */
export function registerMailHooks(registry: HookRegistry): HookRegistry {
  registry.register(emailTemplate, emailTemplateHooks);
  return registry;
}
