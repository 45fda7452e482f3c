import { http } from '../../../api/client';
import { ApiError } from '../../../api/errors';

export interface ImportRowError {
  row: number;
  column?: string;
  field: string;
  message: string;
}

export interface ImportReport {
  rows: number;
  valid: number;
  errors: ImportRowError[];
}

const form = (file: File, fields: Record<string, string> = {}) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('file', file);
  return data;
};

/** The header row of the file, read by the server (`POST {endpoint}/import/headers`). */
export const readImportHeaders = async (endpoint: string, file: File) =>
  (await http.upload<{ headers: string[] }>(`${endpoint}/import/headers`, form(file), { silent: true })).headers;

/**
 * `POST {endpoint}/import`. A dry run answers the report; a commit answers the count, or (400
 * with the rows' errors) the report of why nothing was written.
 */
export async function runImport(endpoint: string, file: File, mapping: Record<string, string>, dryRun: boolean): Promise<ImportReport & { imported?: number }> {
  try {
    const data = await http.upload<ImportReport & { imported?: number }>(`${endpoint}/import`, form(file, { mapping: JSON.stringify(mapping), dryRun: String(dryRun) }), { silent: true });
    return dryRun ? data : { rows: data.rows, valid: data.imported ?? 0, errors: [], imported: data.imported ?? 0 };
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as unknown as Partial<ImportReport> | null) : null;
    // rows refused by the engine: the same report as a dry run
    if (error instanceof ApiError && error.status === 400 && body && typeof body.rows === 'number' && Array.isArray(body.errors)) {
      return { rows: body.rows, valid: body.valid ?? 0, errors: body.errors };
    }
    throw error;
  }
}
