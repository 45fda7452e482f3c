import { dataOf, findArea, tagNodeSchema, type Catalogue, type TableValue, type TagNode } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/connect.js';
import { badRequest, notFound } from '../http/errors.js';

const csv = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

const tableValueQuery = z.object({
  tableCodes: csv(2000).pipe(z.array(z.string().regex(/^[A-Za-z0-9_]{1,64}$/)).min(1).max(50)),
  unpaged: z.string().optional(),
  size: z.string().optional(),
  /** The entity (route) the options are for: values whose `extraFields.entities` names another one are left out. */
  entity: z.string().max(100).optional(),
  alpha1: z.string().max(200).optional(),
  alpha2: z.string().max(200).optional(),
  alpha3: z.string().max(200).optional(),
  code: z.string().max(100).optional(),
  tagIds: csv(2000).pipe(z.array(z.string().regex(/^\d{1,15}$/).transform(Number)).max(100)).optional(),
  sort: z.enum(['code,asc', 'code,desc', 'sortOrder,asc']).optional(),
});

interface ValueRow {
  id: number;
  table_code: string;
  code: string;
  val: string | null;
  name: string | null;
  translations: Record<string, string> | null;
  alpha1: string | null;
  alpha2: string | null;
  alpha3: string | null;
  flag1: boolean | null;
  flag2: boolean | null;
  flag3: boolean | null;
  extra_value: string | null;
  extras: Record<string, unknown> | null;
  tags: number[] | null;
}

/** A table value in the option shape of spec §3: the value, its label per language, the extra columns. */
export function toTableValue(row: ValueRow): TableValue {
  const formattedOutput = row.translations ?? {};
  return {
    id: row.id,
    tableCode: row.table_code,
    code: row.code,
    val: row.val ?? row.code,
    name: row.name ?? formattedOutput.it ?? row.code,
    formattedOutput,
    alpha1: row.alpha1,
    alpha2: row.alpha2,
    alpha3: row.alpha3,
    flag1: row.flag1 === true,
    flag2: row.flag2 === true,
    flag3: row.flag3 === true,
    extraValue: row.extra_value,
    extraFields: row.extras ?? {},
    tags: row.tags ?? [],
  };
}

/**
 * The names a table value may list in `extraFields.entities` to be offered only there, for the
 * `entity` parameter of `tablevalue` (spec §7): the route asked for (an entity, a route view of
 * one, or an area with no entity yet) or its name, and for a view its base entity's route and
 * name — a value meant for subjects is offered in every view of subjects. Unknown: 400
 * UNKNOWN_ENTITY.
 */
export function entityScope(catalogue: Catalogue, entity: string): string[] {
  const target = catalogue.target(entity) ?? catalogue.targets.find((t) => t.name === entity);
  if (target) return [...new Set([target.route, target.name, target.entity.route, target.entity.name])];
  if (findArea(entity)) return [entity];
  throw badRequest('UNKNOWN_ENTITY');
}

export async function findTableValues(
  db: Db,
  filter: { tableCodes: string[]; alpha1?: string; alpha2?: string; alpha3?: string; code?: string; tagIds?: number[]; entityScope?: string[] },
  order: 'code,asc' | 'code,desc' | 'sortOrder,asc' = 'sortOrder,asc',
) {
  const conditions = [sql<SqlBool>`not deleted`, sql<SqlBool>`table_code = any(${filter.tableCodes.map((c) => c.toUpperCase())}::text[])`];
  if (filter.alpha1 !== undefined) conditions.push(sql<SqlBool>`alpha1 = ${filter.alpha1}`);
  if (filter.alpha2 !== undefined) conditions.push(sql<SqlBool>`alpha2 = ${filter.alpha2}`);
  if (filter.alpha3 !== undefined) conditions.push(sql<SqlBool>`alpha3 = ${filter.alpha3}`);
  if (filter.code !== undefined) conditions.push(sql<SqlBool>`code = ${filter.code}`);
  if (filter.tagIds?.length) conditions.push(sql<SqlBool>`tags && ${filter.tagIds}::bigint[]`);
  // a value that lists no entities is offered everywhere
  if (filter.entityScope) {
    conditions.push(
      sql<SqlBool>`(jsonb_typeof(extras->'entities') is distinct from 'array' or jsonb_exists_any(extras->'entities', ${filter.entityScope}::text[]))`,
    );
  }
  const orderBy =
    order === 'code,asc' ? sql`table_code, code asc` : order === 'code,desc' ? sql`table_code, code desc` : sql`table_code, sort_order nulls last, code`;
  const { rows } = await sql<ValueRow>`
    select id, table_code, code, val, name, translations, alpha1, alpha2, alpha3, flag1, flag2, flag3, extra_value, extras, tags
    from table_value where ${sql.join(conditions, sql` and `)} order by ${orderBy} limit 5000`.execute(db);
  return rows.map(toTableValue);
}

interface TagRow {
  id: number;
  root_id: number | null;
  parent_id: number | null;
  code: string;
  name: string;
  translations: Record<string, string> | null;
  icon: string | null;
  overlay_icon: string | null;
  selectable: boolean | null;
  item_id: string | null;
}

/**
 * Lookup tables and tag trees for every signed-in user: option lists are needed by anyone who
 * fills a form. Editing them goes through the generic records (TABLE_W, TAG_W).
 */
export function lookupRoutes(app: FastifyInstance, db: Db, catalogue: Catalogue): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/conf/tables/tablevalue', { schema: { tags: ['configuration'], querystring: tableValueQuery } }, async (request) => {
    const { tableCodes, entity, alpha1, alpha2, alpha3, code, tagIds, sort } = request.query;
    const items = await findTableValues(
      db,
      {
        tableCodes,
        ...(alpha1 !== undefined ? { alpha1 } : {}),
        ...(alpha2 !== undefined ? { alpha2 } : {}),
        ...(alpha3 !== undefined ? { alpha3 } : {}),
        ...(code !== undefined ? { code } : {}),
        ...(tagIds ? { tagIds } : {}),
        ...(entity ? { entityScope: entityScope(catalogue, entity) } : {}),
      },
      sort,
    );
    return { data: { items, total: items.length, page: 0, size: items.length } };
  });

  // the language list is needed before sign-in (language switch of the public pages)
  r.get('/api/conf/tables/tablevalue/all/LANGUAGE/APP', { config: { public: true }, schema: { tags: ['configuration'] } }, async () => {
    const items = (await findTableValues(db, { tableCodes: ['LANGUAGE'] })).map((v) => ({ ...v, translation: v.formattedOutput }));
    return { data: { items, total: items.length, page: 0, size: items.length } };
  });

  r.get(
    '/api/conf/tag/hierarchy/:idOrTreeName',
    { schema: { tags: ['configuration'], params: z.object({ idOrTreeName: z.string().min(1).max(100) }), response: { 200: dataOf(z.object({ root: tagNodeSchema })) } } },
    async (request) => {
      const key = request.params.idOrTreeName;
      const lang = request.principal?.lang === 'en' ? 'en' : 'it';
      const byId = /^\d{1,15}$/.test(key);
      const { rows: roots } = await sql<TagRow>`
        select id, root_id, parent_id, code, name, translations, icon, overlay_icon, selectable, item_id from tag
        where not deleted and ${byId ? sql`id = ${Number(key)}` : sql`parent_id is null and (code = ${key} or name = ${key})`}
        order by id limit 1`.execute(db);
      const root = roots[0];
      if (!root) throw notFound();
      const { rows } = await sql<TagRow>`
        select id, root_id, parent_id, code, name, translations, icon, overlay_icon, selectable, item_id from tag
        where not deleted and (root_id = ${root.root_id ?? root.id} or id = ${root.id}) order by name`.execute(db);
      const nodes = new Map<number, TagNode>(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            name: row.name,
            label: row.translations?.[lang] ?? row.name,
            itemId: row.item_id,
            icon: row.icon,
            overlayIcon: row.overlay_icon,
            selectable: row.selectable !== false,
            children: [],
          },
        ]),
      );
      for (const row of rows) {
        if (row.id !== root.id && row.parent_id !== null) nodes.get(row.parent_id)?.children.push(nodes.get(row.id)!);
      }
      return { data: { root: nodes.get(root.id)! } };
    },
  );
}
