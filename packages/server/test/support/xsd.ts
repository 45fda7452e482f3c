import { readFileSync } from 'node:fs';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { afterAll, beforeAll } from 'vitest';
import { validationErrors } from './xsd-compile.js';

/**
 * An XSD kept in the repository, loaded once for a test file with a real validator (libxml2
 * compiled to WebAssembly): `schemaErrors(xml)` are its complaints about an XML text, none when
 * the text is valid.
 */
export function useXsd(path: string): (xml: string) => string[] {
  let validator: XsdValidator | undefined;
  let schemaDoc: XmlDocument | undefined;
  beforeAll(() => {
    schemaDoc = XmlDocument.fromString(readFileSync(path, 'utf8'));
    validator = XsdValidator.fromDoc(schemaDoc);
  });
  afterAll(() => {
    validator?.dispose();
    schemaDoc?.dispose();
  });
  return (xml) => validationErrors(validator!, xml);
}
