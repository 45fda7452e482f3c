import { z } from 'zod';

/** Configuration services of API.md: the system registry, lookup values, tag trees, business units. */

const id = z.number().int();

/** An entry of `GET /api/conf/sysregistry` (the password rule and its translated explanation…). */
export const sysRegistryEntrySchema = z.object({
  key: z.string(),
  theValue: z.string(),
  translation: z.record(z.string(), z.string()),
  /** Sent back with an edit: a stale one is refused with 409. */
  version: id,
});
export type SysRegistryEntry = z.infer<typeof sysRegistryEntrySchema>;

/** `PUT /api/conf/sysregistry/{key}`. */
export const sysRegistryUpdateBody = z.object({
  version: z.number().int().min(1),
  theValue: z.string().max(4000),
  translation: z.record(z.string().regex(/^[a-z]{2}$/), z.string().max(2000)).optional(),
});

/** A table value in the option shape of spec §3 (`GET /api/conf/tables/tablevalue`): the value, its label per language, the extra columns. */
export const tableValueSchema = z.object({
  id,
  tableCode: z.string(),
  code: z.string(),
  val: z.string(),
  name: z.string(),
  formattedOutput: z.record(z.string(), z.string()),
  alpha1: z.string().nullable(),
  alpha2: z.string().nullable(),
  alpha3: z.string().nullable(),
  flag1: z.boolean(),
  flag2: z.boolean(),
  flag3: z.boolean(),
  extraValue: z.string().nullable(),
  extraFields: z.record(z.string(), z.unknown()),
  tags: z.array(id),
});
export type TableValue = z.infer<typeof tableValueSchema>;

/** A node of `GET /api/conf/tag/hierarchy/{idOrTreeName}` (spec §3 "Tag hierarchy node"), its children nested. */
export interface TagNode {
  id: number;
  name: string;
  /** The tag's translation in the user's language, else its name. */
  label: string;
  itemId: string | null;
  icon: string | null;
  overlayIcon: string | null;
  /** Default true (spec §3). */
  selectable: boolean;
  children: TagNode[];
}
export const tagNodeSchema: z.ZodType<TagNode> = z.object({
  id,
  name: z.string(),
  label: z.string(),
  itemId: z.string().nullable(),
  icon: z.string().nullable(),
  overlayIcon: z.string().nullable(),
  selectable: z.boolean(),
  get children() {
    return z.array(tagNodeSchema);
  },
});

/** A business unit as `GET /api/bu/unit[/{id}]` answers it (spec §3 "Business unit: id, subject"). */
export const businessUnitSchema = z.object({
  id,
  code: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  /** The id of the unit's subject record. */
  subject: id,
  /** Its display name (company name, or first and last name of a person). */
  subjectName: z.string().nullable(),
  description: z.string().nullable(),
});
export type BusinessUnit = z.infer<typeof businessUnitSchema>;
