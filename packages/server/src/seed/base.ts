import {
  allFeatureAuthorities,
  BASE_GROUPS,
  groupAuthorities,
  FIR_SERIES_KEY,
  FIR_SIGN_DEADLINE_KEY,
  STORAGE_MAX_DAYS_D15_KEY,
  STORAGE_MAX_DAYS_R13_KEY,
  STAMP_DUTY_THRESHOLD_KEY,
  STAMP_DUTY_AMOUNT_KEY,
  DEFAULT_VAT_CODE_KEY,
  PAYMENT_TERMS_DAYS_KEY,
  FIR_WEIGHT_TOLERANCE_KEY,
  PASSWORD_MAX_AGE_KEY,
  PASSWORD_RULE_KEY,
  ROLES,
} from '@circula/model';
import type { Db } from '../db/connect.js';

const BASE_GROUPS_SEEDED_KEY = 'SEED_BASE_GROUPS_AT';

/** Registry entries an installation needs; inserted when missing, never overwritten (admins edit them). */
export const REGISTRY_DEFAULTS = [
  {
    key: PASSWORD_RULE_KEY,
    the_value: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{8,64}$',
    translation: {
      it: 'La password deve avere da 8 a 64 caratteri, con almeno una lettera minuscola, una maiuscola, una cifra e un simbolo.',
      en: 'The password must be 8 to 64 characters long, with at least one lowercase letter, one uppercase letter, one digit and one symbol.',
    },
    is_public: true,
    description: 'Regular expression every new password must match, with its message per language',
  },
  {
    key: PASSWORD_MAX_AGE_KEY,
    the_value: '180',
    translation: {},
    is_public: false,
    description: 'Days after which a password expires and must be changed at the next sign-in (0 = never)',
  },
  {
    key: FIR_SERIES_KEY,
    the_value: 'FIR',
    translation: {},
    is_public: false,
    description: 'Series of the FIR numbers (1 to 10 capital letters or digits): numbers are SERIES/YEAR/000001, never reused',
  },
  {
    key: FIR_WEIGHT_TOLERANCE_KEY,
    the_value: '5',
    translation: {},
    is_public: false,
    description: 'Per cent by which the weight verified at destination may differ from the estimate before the FIR goes to the verifier',
  },
  {
    key: FIR_SIGN_DEADLINE_KEY,
    the_value: '48',
    translation: {},
    is_public: false,
    description: "Hours after a FIR's issue by which its three signatures are due; later the FIR goes to the verifier",
  },
  {
    key: STORAGE_MAX_DAYS_R13_KEY,
    the_value: '1095',
    translation: {},
    is_public: false,
    description: 'Days waste may stay in R13 storage (awaiting recovery) before its stock shows as overdue (D.Lgs 36/2003 art. 2: under three years)',
  },
  {
    key: STORAGE_MAX_DAYS_D15_KEY,
    the_value: '365',
    translation: {},
    is_public: false,
    description: 'Days waste may stay in D15 storage (awaiting disposal) before its stock shows as overdue (D.Lgs 36/2003 art. 2: under one year)',
  },
  {
    key: STAMP_DUTY_THRESHOLD_KEY,
    the_value: '77.47',
    translation: {},
    is_public: false,
    description: 'Euro of operations without VAT (VAT codes flagged for stamp duty) above which an invoice carries stamp duty (DPR 642/1972 Tariffa art. 13)',
  },
  {
    key: STAMP_DUTY_AMOUNT_KEY,
    the_value: '2.00',
    translation: {},
    is_public: false,
    description: 'Stamp duty on an invoice, in euro (art. 7-bis c. 3 D.L. 43/2013)',
  },
  {
    key: DEFAULT_VAT_CODE_KEY,
    the_value: 'IVA22',
    translation: {},
    is_public: false,
    description: 'VAT code (table VAT_CODES) of a price list row that names none',
  },
  {
    key: PAYMENT_TERMS_DAYS_KEY,
    the_value: '30',
    translation: {},
    is_public: false,
    description: 'Days from the issue date to the due date of an invoice whose customer sets no payment terms',
  },
];

/**
 * Base data: authorities, the starting groups (first start only) and the registry defaults.
 * Idempotent: runs at every start, adds authorities and registry keys a newer release declares,
 * leaves what administrators changed alone.
 */
export async function seedBase(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const authorities = [
      ...ROLES.map((code) => ({ code, description: code, is_role: true })),
      ...allFeatureAuthorities().map((a) => ({ ...a, is_role: false })),
    ];
    await trx.insertInto('authorities').values(authorities).onConflict((oc) => oc.column('code').doNothing()).execute();

    // base groups are created once, on a new installation: afterwards they belong to the administrators
    // (a group they deleted must not come back at the next start)
    const seeded = await trx.selectFrom('sys_registry').select('key').where('key', '=', BASE_GROUPS_SEEDED_KEY).executeTakeFirst();
    for (const group of seeded ? [] : BASE_GROUPS) {
      const created = await trx
        .insertInto('groups')
        .values({ code: group.code, name: group.name })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!created) continue; // existing group: its authorities belong to the administrators now
      await trx
        .insertInto('group_authorities')
        .values(groupAuthorities(group).map((code) => ({ group_id: created.id, authority_code: code })))
        .execute();
    }

    await trx
      .insertInto('sys_registry')
      .values({ key: BASE_GROUPS_SEEDED_KEY, the_value: new Date().toISOString(), translation: '{}', description: 'When the base groups were created' })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await trx
      .insertInto('sys_registry')
      .values(REGISTRY_DEFAULTS.map((entry) => ({ ...entry, translation: JSON.stringify(entry.translation) })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
}
