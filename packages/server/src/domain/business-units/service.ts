import { DEFAULT_BUSINESS_UNIT_ID, DEFAULT_BUSINESS_UNIT_TYPE, type BusinessUnit } from '@circula/model';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { BUSINESS_UNIT_DOCUMENTS } from './hooks.js';

/** The file of a document of a unit, at one version. */
export interface UnitDocumentFile {
  sha256: string;
  size: number;
  mimeType: string;
  fileName: string;
}

interface UnitRow {
  id: number;
  code: string | null;
  name: string;
  type: string;
  subject: number;
  subject_name: string | null;
  description: string | null;
}

const view = (r: UnitRow): BusinessUnit => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  type: r.type,
  subject: Number(r.subject),
  subjectName: r.subject_name,
  description: r.description,
});

/** Business units, their documents, and the CMS option lists (spec §7). Authorisation is the routes'. */
export class BusinessUnitService {
  constructor(private readonly db: Db) {}

  private async select(where: RawBuilder<unknown>): Promise<BusinessUnit[]> {
    const { rows } = await sql<UnitRow>`
      select u.id, u.code, u.name, u.type, u.subject, u.description,
        nullif(trim(concat_ws(' ', s.name, s.last_name)), '') as subject_name
      from business_unit u left join subject s on s.id = u.subject and not s.deleted
      where not u.deleted and ${where}
      order by (u.type = ${DEFAULT_BUSINESS_UNIT_TYPE}) desc, u.code, u.id`.execute(this.db);
    return rows.map(view);
  }

  /** `GET /api/bu/unit[?type=…]`: the units (of a type), the DEFAULT one first. */
  units(type?: string): Promise<BusinessUnit[]> {
    return this.select(type === undefined ? sql`true` : sql`u.type = ${type}`);
  }

  /** `GET /api/bu/unit/{id}`; id 0 is the DEFAULT unit (spec §9 "Business unit default id 0"). 404 when there is none. */
  async unit(id: number): Promise<BusinessUnit> {
    const [unit] = await this.select(id === DEFAULT_BUSINESS_UNIT_ID ? sql`u.type = ${DEFAULT_BUSINESS_UNIT_TYPE}` : sql`u.id = ${id}`);
    if (!unit) throw notFound();
    return unit;
  }

  /**
   * A document attached to the unit: owned by DOC_BU and the unit's id, not deleted; its current
   * version unless one is asked. 404 for a document of anything else: nothing tells it exists.
   */
  async attachment(unitId: number, documentId: number, version?: number): Promise<UnitDocumentFile> {
    const unit = await this.unit(unitId);
    const { rows } = await sql<{ sha256: string; size: string | number; mime_type: string; file_name: string }>`
      select v.sha256, v.size, v.mime_type, v.file_name
      from documents d join document_versions v on v.document_id = d.id and v.version = coalesce(${version ?? null}::int, d.current_version)
      where d.id = ${documentId} and not d.deleted and d.owner_entity = ${BUSINESS_UNIT_DOCUMENTS} and d.owner_id = ${unit.id}`.execute(this.db);
    const row = rows[0];
    if (!row) throw notFound();
    return { sha256: row.sha256, size: Number(row.size), mimeType: row.mime_type, fileName: row.file_name };
  }

  /** `GET /api/cms/config/structure`: the structure select's options (label = code, value = id). */
  async structures(): Promise<{ id: number; code: string | null; name: string }[]> {
    const { rows } = await sql<{ id: number; code: string | null; name: string }>`
      select id, code, name from cms_structure where not deleted order by code, id`.execute(this.db);
    return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name }));
  }

  /** `GET /api/cms/resource`: the resource select's options (label = file name, else path; value = id). */
  async resources(): Promise<{ id: number; code: string | null; fileName: string | null; path: string; document: number | null }[]> {
    const { rows } = await sql<{ id: number; code: string | null; file_name: string | null; path: string; document: number | null }>`
      select id, code, file_name, path, document from cms_resource where not deleted order by path, id`.execute(this.db);
    return rows.map((r) => ({ id: Number(r.id), code: r.code, fileName: r.file_name, path: r.path, document: r.document === null ? null : Number(r.document) }));
  }
}
