import { dataOf, recordVersionsSchema, emailTemplate, transaction, type Catalogue } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import { fullName } from '../../auth/users.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { constraintViolation, notFound } from '../../http/errors.js';
import { assertCan } from '../../records/policy.js';
import type { RecordService } from '../../records/service.js';
import { recordVersions } from '../../records/versions.js';
import { requestTexts } from '../notices/hooks.js';
import { checkTemplate, MAIL_LANGS, MAIL_TEMPLATES, renderSource, TEMPLATE_CONTRACTS } from './templates.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const emailPreviewBody = z.object({
  template: z.enum(MAIL_TEMPLATES),
  lang: z.enum(MAIL_LANGS).default('it'),
  subject: z.string().max(1000),
  body: z.string().max(100_000),
  /** REQUEST_STATUS_CHANGED: the movement request whose mail to show (its current status). */
  recordId: id.optional(),
});

/** The fields a version of an email template holds. */
const VERSIONED = ['template', 'lang', 'subject', 'body', 'description'] as const;

/**
 * Email templates beyond the generic record calls (issue 20):
 *  - `POST /api/templates/email-templates/preview`: the subject, HTML and text the template being
 *    edited (saved or not) gives, checked as a save would check it. A request's status mail is
 *    filled from a real request the caller may read (`recordId`), addressed to the caller; the
 *    other messages carry secrets (a registration link, a password) and use sample values.
 *  - `GET /api/templates/email-templates/{id}/versions`: every version, newest first.
 */
export function emailTemplateRoutes(app: FastifyInstance, db: Db, config: Config, catalogue: Catalogue, records: RecordService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const templates = catalogue.target(emailTemplate.route);
  const requests = catalogue.target(transaction.route);
  if (!templates || !requests) return;
  const baseUrl = config.baseUrl.replace(/\/+$/, '');

  api.post(`${templates.endpoint}/preview`, { schema: { tags: ['templates'], body: emailPreviewBody } }, async (request) => {
    const principal = requirePrincipal(request);
    assertCan(principal, templates, 'R');
    const { template, lang, subject, body, recordId } = request.body;
    const problems = checkTemplate(template, { subject, body });
    if (problems.length) throw constraintViolation(problems);
    let data: Record<string, unknown> = { ...TEMPLATE_CONTRACTS[template].sample, baseUrl };
    let fromRecord = false;
    if (template === 'REQUEST_STATUS_CHANGED' && recordId !== undefined) {
      // read through the caller's rights on the request: 404 for one they may not see
      const record = await records.get(principal, requests, recordId);
      const texts = await requestTexts(db, catalogue, recordId, String(record.status));
      if (!texts) throw notFound();
      const user = await db.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', principal.userId).executeTakeFirst();
      data = { ...texts.textsIn(lang), name: user ? fullName(user) : principal.username, link: `${baseUrl}/${texts.route}/${recordId}`, baseUrl };
      fromRecord = true;
    }
    return { data: { ...renderSource({ subject, body }, data), fromRecord } };
  });

  api.get(`${templates.endpoint}/:id/versions`, { schema: { tags: ['templates'], params: z.object({ id }), response: { 200: dataOf(recordVersionsSchema) } } }, async (request) => ({
    data: await recordVersions(records, requirePrincipal(request), templates, request.params.id, VERSIONED),
  }));
}
