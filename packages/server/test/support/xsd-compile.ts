import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { XmlBufferInputProvider, XmlDocument, XmlValidateError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';

/** One provider for the process: libxml2-wasm cannot unregister a single one. */
let provider: XmlBufferInputProvider | undefined;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A validator's complaints about an XML text, none when it is valid. */
export function validationErrors(validator: XsdValidator, xml: string): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map((d) => d.message.trim());
    throw error;
  } finally {
    doc.dispose();
  }
}

export interface CompiledXsd {
  /** The validator's complaints about an XML text, none when it is valid. */
  errors(xml: string): string[];
  dispose(): void;
}

/**
 * A schema that imports other schemas, compiled with a real validator (libxml2 as WebAssembly):
 * `imports` maps each imported namespace to a local copy of its schema. The schema file is left as
 * it is: its text is read, and in memory — never on disk — the `schemaLocation` of each of those
 * `<xs:import>` elements is set (added, or replacing a remote URL) to a name that libxml2 reads
 * from the local copy, through libxml2-wasm's input-provider API (no network: the WebAssembly
 * build has none). An import that is not in the schema is an error, so a changed schema does not
 * go unnoticed. No test framework here: the browser journeys use it too.
 */
export function compileXsdWithImports(path: string, imports: Record<string, string>): CompiledXsd {
  if (!provider) {
    provider = new XmlBufferInputProvider({});
    xmlRegisterInputProvider(provider);
  }
  let text = readFileSync(path, 'utf8');
  for (const [namespace, localPath] of Object.entries(imports)) {
    const name = `xsd-import/${basename(localPath)}`;
    provider.addBuffer(name, readFileSync(localPath));
    const element = new RegExp(`<((?:[\\w.-]+:)?import)\\b([^>]*?)\\bnamespace="${escapeRegExp(namespace)}"([^>]*?)(/?)>`);
    const match = element.exec(text);
    if (!match) throw new Error(`${path}: no <xs:import namespace="${namespace}">`);
    const attributes = `${match[2]}namespace="${namespace}"${match[3]}`.replace(/\s*\bschemaLocation="[^"]*"/, '');
    text = text.replace(match[0], `<${match[1]}${attributes.trimEnd()} schemaLocation="${name}" ${match[4]}>`);
  }
  const schemaDoc = XmlDocument.fromString(text);
  const validator = XsdValidator.fromDoc(schemaDoc);
  return {
    errors: (xml) => validationErrors(validator, xml),
    dispose() {
      validator.dispose();
      schemaDoc.dispose();
    },
  };
}

const FATTURAPA_DIR = new URL('../../src/domain/invoices/fatturapa/', import.meta.url);

/** The official FatturaPA schema (VFPA12 1.2.3) with its xmldsig import read from the W3C copy beside it. */
export const compileFatturaPaXsd = (): CompiledXsd =>
  compileXsdWithImports(new URL('Schema_VFPA12_V1.2.3.xsd', FATTURAPA_DIR).pathname, {
    'http://www.w3.org/2000/09/xmldsig#': new URL('xmldsig-core-schema.xsd', FATTURAPA_DIR).pathname,
  });
