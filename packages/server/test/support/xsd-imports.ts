import { afterAll, beforeAll } from 'vitest';
import { compileXsdWithImports, type CompiledXsd } from './xsd-compile.js';

/**
 * Like `useXsd` (xsd.ts), for a schema that imports other schemas (see compileXsdWithImports):
 * compiled once for the test file, `schemaErrors(xml)` are its complaints about an XML text.
 */
export function useXsdWithImports(path: string, imports: Record<string, string>): (xml: string) => string[] {
  let compiled: CompiledXsd | undefined;
  beforeAll(() => {
    compiled = compileXsdWithImports(path, imports);
  });
  afterAll(() => compiled?.dispose());
  return (xml) => compiled!.errors(xml);
}
