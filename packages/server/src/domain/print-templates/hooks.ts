import { isPrintDocument, printTemplate } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { EntityHooks, HookRegistry, RecordData } from '../../records/hooks.js';
import { checkPrintTemplate } from './templates.js';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** A print template is checked as it will be stored (see `checkPrintTemplate`): a wrong one is refused on its field, never printed. */
function checked(template: RecordData, values: RecordData): RecordData {
  const document = template.document;
  // a document the PRINT_DOCUMENT table does not list is refused by the engine's lookup check
  if (!isPrintDocument(document)) return values;
  const errors = checkPrintTemplate(document, String(template.lang ?? ''), { header: text(template.header), footer: text(template.footer), closing: text(template.closing) });
  if (errors.length) throw constraintViolation(errors);
  return values;
}

export const printTemplateHooks: EntityHooks = {
  async beforeCreate(_ctx, values) {
    return checked(values, values);
  },
  async beforeUpdate(_ctx, current, values) {
    return checked({ ...current, ...values }, values);
  },
};

export function registerPrintTemplateHooks(registry: HookRegistry): HookRegistry {
  registry.register(printTemplate, printTemplateHooks);
  return registry;
}
