import { lookupTable, PRINT_DOCUMENTS, PRINT_HEADER_MAX_LINES, type PrintDocumentCode } from '@circula/model';
import Handlebars from 'handlebars';
import type { FieldErrorItem } from '../../http/errors.js';

/**
 * Print templates (issue 20): the header, footer and closing text a company adds around the
 * documents it prints. The parts are Handlebars text, filled with the values of the
 * TEMPLATE_PLACEHOLDERS table whose object the document has (`PRINT_DOCUMENTS[…].objects`): that
 * table is the list of what may be written, and `context.ts` fills every entry of it.
 */

export interface PrintTemplateSource {
  header: string | null;
  footer: string | null;
  closing: string | null;
}

/** What a PDF draws of a template: header lines, one footer line, the closing paragraph, and which version it was. */
export interface PrintFrame {
  header: string[];
  footer: string | null;
  closing: string | null;
  /** "PRT-000001 v3": written in the PDF's keywords. */
  stamp: string;
}

/** Values of the placeholders, by object: `{ company: { name }, subject: { name, vatNumber… }, today }`. */
export type PrintContext = Record<string, unknown>;

export interface Placeholder {
  code: string;
  /** The object it belongs to (the table's alpha1): company, subject, invoice… */
  object: string;
  /** Its path in the context: ["subject", "name"]. */
  path: string[];
  label: string;
}

/** The placeholders of the TEMPLATE_PLACEHOLDERS table, each with its path (`{{subject.name}}` → subject, name). */
export const PLACEHOLDERS: readonly Placeholder[] = (lookupTable('TEMPLATE_PLACEHOLDERS')?.values ?? []).flatMap((value) => {
  const match = /^\{\{\s*([a-zA-Z][\w.]*)\s*\}\}$/.exec(value.extraValue ?? '');
  if (!match || !value.alpha1) return [];
  return [{ code: value.code, object: value.alpha1, path: match[1]!.split('.'), label: value.it }];
});

/** The placeholders a document fills. */
export const placeholdersOf = (document: PrintDocumentCode): Placeholder[] =>
  PLACEHOLDERS.filter((p) => (PRINT_DOCUMENTS[document].objects as readonly string[]).includes(p.object));

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/** A context with every placeholder of the document set to its label: what validation runs the template on. */
export function sampleContext(document: PrintDocumentCode): PrintContext {
  const context: PrintContext = {};
  for (const p of placeholdersOf(document)) setPath(context, p.path, p.label);
  return context;
}

/** A context with every placeholder of the document, the values given where known and "" elsewhere. */
export function fullContext(document: PrintDocumentCode, values: PrintContext): PrintContext {
  const context: PrintContext = {};
  for (const p of placeholdersOf(document)) {
    let value: unknown = values;
    for (const key of p.path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    setPath(context, p.path, value === undefined || value === null ? '' : String(value));
  }
  return context;
}

// an environment of its own: no helper or partial registered elsewhere reaches the templates
const hb = Handlebars.create();

/** PDFs are text, not HTML: values go in as they are. */
const compile = (source: string, strict: boolean) => hb.compile(source, { noEscape: true, strict, knownHelpersOnly: true });

const PARTS = ['header', 'footer', 'closing'] as const;

/**
 * The problems of a template before it is stored, on their fields: a language the document is
 * not printed in, a part that does not compile or names a placeholder the document does not
 * fill, a header longer than two lines or a footer longer than one, a closing on a document
 * that has no room for it (the FIR, the register).
 */
export function checkPrintTemplate(document: PrintDocumentCode, lang: string, source: PrintTemplateSource): FieldErrorItem[] {
  const spec = PRINT_DOCUMENTS[document];
  const errors: FieldErrorItem[] = [];
  if (!(spec.langs as readonly string[]).includes(lang)) errors.push({ field: 'lang', message: 'PRINT_LANGUAGE_NOT_AVAILABLE', params: { langs: spec.langs.join(', ') } });
  const sample = sampleContext(document);
  for (const part of PARTS) {
    const text = source[part];
    if (!text?.trim()) continue;
    if (part === 'closing' && !spec.closing) {
      errors.push({ field: part, message: 'CLOSING_NOT_PRINTED' });
      continue;
    }
    try {
      compile(text, true)(sample);
    } catch (error) {
      const unknown = /not defined in/.test(error instanceof Error ? error.message : String(error));
      errors.push({ field: part, message: unknown ? 'PRINT_UNKNOWN_PLACEHOLDER' : 'INVALID_TEMPLATE' });
      continue;
    }
    const max = part === 'header' ? PRINT_HEADER_MAX_LINES : part === 'footer' ? 1 : Infinity;
    if (linesOf(text).length > max) errors.push({ field: part, message: 'TOO_MANY_LINES', params: { max } });
  }
  return errors;
}

const linesOf = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A stored template, as the PDFs read it. */
export interface StoredPrintTemplate extends PrintTemplateSource {
  code: string | null;
  version: number | null;
}

/** The parts of a template filled with a document's values (a value it lacks prints as nothing). */
export function renderPrintFrame(document: PrintDocumentCode, template: StoredPrintTemplate, values: PrintContext): PrintFrame {
  const context = fullContext(document, values);
  const fill = (text: string | null) => (text?.trim() ? compile(text, false)(context).trim() : '');
  const closing = PRINT_DOCUMENTS[document].closing ? fill(template.closing) : '';
  return {
    header: linesOf(fill(template.header)).slice(0, PRINT_HEADER_MAX_LINES),
    footer: linesOf(fill(template.footer)).join(' ') || null,
    closing: closing || null,
    stamp: `${template.code ?? 'PRT'}${template.version ? ` v${template.version}` : ''}`,
  };
}
