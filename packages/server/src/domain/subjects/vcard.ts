import type { Catalogue } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { RecordData } from '../../records/hooks.js';
import type { RecordService } from '../../records/service.js';

/** vCard text values escape backslashes, commas, semicolons and line breaks (RFC 6350 §3.4). */
const esc = (value: unknown): string =>
  String(value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/([,;])/g, '\\$1')
    .replace(/\r?\n/g, '\\n');

type Address = { street?: string; houseNumber?: string; city?: string; province?: string; zip?: string; country?: string; latitude?: number | string; longitude?: number | string };
type Contact = { email?: string; phone?: string; mobile?: string; fax?: string; website?: string };

/** A subject as a vCard 4.0: a person with their name, a company as an organisation; contacts, PEC, addresses, tax numbers. */
export function subjectVcard(subject: RecordData): string {
  const person = subject.subjectType === 'PERSON';
  const name = String(subject.name ?? '');
  const lastName = String(subject.lastName ?? '');
  const contact = (subject.contact ?? {}) as Contact;
  const lines = ['BEGIN:VCARD', 'VERSION:4.0', `KIND:${person ? 'individual' : 'org'}`];
  lines.push(`FN:${esc(person ? `${name} ${lastName}`.trim() : name)}`);
  if (person) lines.push(`N:${esc(lastName)};${esc(name)};;;`);
  else lines.push(`ORG:${esc(name)}`);
  if (contact.email) lines.push(`EMAIL;TYPE=work:${esc(contact.email)}`);
  if (subject.pec) lines.push(`EMAIL;TYPE=work;PREF=1:${esc(subject.pec)}`);
  if (contact.phone) lines.push(`TEL;TYPE=work,voice;VALUE=uri:tel:${esc(contact.phone.replace(/\s+/g, ''))}`);
  if (contact.mobile) lines.push(`TEL;TYPE=cell;VALUE=uri:tel:${esc(contact.mobile.replace(/\s+/g, ''))}`);
  if (contact.fax) lines.push(`TEL;TYPE=fax;VALUE=uri:tel:${esc(contact.fax.replace(/\s+/g, ''))}`);
  if (contact.website) lines.push(`URL:${esc(contact.website)}`);
  for (const a of (subject.addresses ?? []) as Address[]) {
    const street = [a.street, a.houseNumber].filter(Boolean).join(' ');
    const geo = a.latitude != null && a.longitude != null ? `;GEO="geo:${a.latitude},${a.longitude}"` : '';
    lines.push(`ADR;TYPE=work${geo}:;;${esc(street)};${esc(a.city)};${esc(a.province)};${esc(a.zip)};${esc(a.country)}`);
  }
  const notes = [subject.vatNumber ? `P.IVA ${subject.vatNumber}` : '', subject.fiscalCode ? `C.F. ${subject.fiscalCode}` : '', subject.sdiCode ? `SDI ${subject.sdiCode}` : ''].filter(Boolean);
  if (notes.length) lines.push(`NOTE:${esc(notes.join(' - '))}`);
  lines.push(`UID:urn:circula:subject:${subject.id}`, `REV:${String(subject.updatedAt ?? '').replace(/[-:]/g, '').replace(/\.\d+/, '')}`, 'END:VCARD');
  // vCard lines end with CRLF
  return `${lines.join('\r\n')}\r\n`;
}

/** `GET /api/subjects/subjects/{id}/exportVcard` (spec §7): the subject as a vCard file, for whoever may read it. */
export function subjectRoutes(app: FastifyInstance, catalogue: Catalogue, records: RecordService): void {
  const target = catalogue.target('subjects');
  if (!target) return;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${target.endpoint}/:id/exportVcard`,
    { schema: { tags: ['subjects'], params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }) } },
    async (request, reply) => {
      const subject = await records.get(requirePrincipal(request), target, request.params.id);
      const file = `${String(subject.code ?? subject.id)}.vcf`;
      return reply.header('content-type', 'text/vcard; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`).send(subjectVcard(subject));
    },
  );
}
