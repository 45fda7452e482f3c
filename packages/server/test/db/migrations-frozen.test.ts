import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

/**
 * A migration must produce the same schema and data forever: it may use Kysely and the versioned,
 * never-changed table helpers of db/record-table.ts (createRecordTableV1, V2…), never live code
 * of the application (a template text, a catalogue entry) that later changes would silently alter.
 */
describe('migrations', () => {
  it('import nothing but kysely and the versioned table helpers', () => {
    const files = readdirSync(DIR).filter((f) => /^\d{4}-.*\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(20);
    const imports = files.flatMap((file) =>
      [...readFileSync(path.join(DIR, file), 'utf8').matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => `${file}: ${m[1]}`),
    );
    expect(imports.filter((line) => !/: (kysely|\.\.\/record-table\.js)$/.test(line))).toEqual([]);
  });
});
