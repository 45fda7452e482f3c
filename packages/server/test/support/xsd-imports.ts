import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { XmlBufferInputProvider, XmlDocument, XmlValidateError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { afterAll, beforeAll } from 'vitest';

/** One provider for the whole test file: libxml2-wasm cannot unregister a single one. */
let provider: XmlBufferInputProvider | undefined;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Like `useXsd` (xsd.ts), for a schema that imports other schemas: `imports` maps each imported
 * namespace to a local copy of its schema. The schema file is left as it is: its text is read, and
 * in memory — never on disk — the `schemaLocation` of each of those `<xs:import>` elements is set
 * (added, or replacing a remote URL) to a name that libxml2 reads from the local copy, through
 * libxml2-wasm's input-provider API (no network: the WebAssembly build has none). An import that
 * is not in the schema is an error, so a changed schema does not go unnoticed.
 */
export function useXsdWithImports(path: string, imports: Record<string, string>): (xml: string) => string[] {
  let validator: XsdValidator | undefined;
  let schemaDoc: XmlDocument | undefined;
  beforeAll(() => {
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
    schemaDoc = XmlDocument.fromString(text);
    validator = XsdValidator.fromDoc(schemaDoc);
  });
  afterAll(() => {
    validator?.dispose();
    schemaDoc?.dispose();
  });
  return (xml) => {
    const doc = XmlDocument.fromString(xml);
    try {
      validator!.validate(doc);
      return [];
    } catch (error) {
      if (error instanceof XmlValidateError) return error.details.map((d) => d.message.trim());
      throw error;
    } finally {
      doc.dispose();
    }
  };
}
