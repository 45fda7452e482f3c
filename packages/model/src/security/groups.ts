import { AUTHORITY_PREFIXES, authority, type AuthorityAction, type AuthorityPrefix } from './authorities.js';
import type { Role } from './roles.js';

/**
 * The base groups every installation starts with. A group grants roles and feature authorities;
 * a user's authorities are the union of their groups'. Administrators edit groups in the app
 * later; these are only the starting point (inserted when missing, never overwritten).
 */
export interface GroupDefinition {
  code: string;
  name: string;
  roles: Role[];
  grants: Partial<Record<AuthorityPrefix, AuthorityAction[]>>;
}

const RWD: AuthorityAction[] = ['R', 'W', 'D'];
const RW: AuthorityAction[] = ['R', 'W'];
const R: AuthorityAction[] = ['R'];

const ADMIN_ONLY: AuthorityPrefix[] = ['GROUP', 'AUTHORITY', 'SESSION', 'SYSREGISTRY', 'ICON', 'ENTITYCONF'];

const allExcept = (excluded: AuthorityPrefix[], actions: AuthorityAction[]) =>
  Object.fromEntries(
    (Object.keys(AUTHORITY_PREFIXES) as AuthorityPrefix[]).filter((p) => !excluded.includes(p)).map((p) => [p, actions]),
  ) as Partial<Record<AuthorityPrefix, AuthorityAction[]>>;

const operatorGrants: Partial<Record<AuthorityPrefix, AuthorityAction[]>> = {
  RDR: RWD, RDT: RWD, MOVEMENT: RWD, TRANSPORT: RWD, TREATMENT: RWD, MSA: RWD, SAMPLING: RWD, JOB: RW,
  SUBJECT: RW, SUBJECT_INTERMEDIARY: RW, SUBJECT_PRODUCER: RW, SUBJECT_OWNER: RW, SUBJECT_LOGISTIC: RW,
  SUBJECT_TRANSPORTER: RW, SUBJECT_COLLABORATOR: R, SUBJECT_CUSTOMER: RW, SUBJECT_SUPPLIER: RW,
  WAREHOUSE: RW, WAREHOUSE_CDR: RW, WAREHOUSE_SERVICE: RW, WAREHOUSE_PDP: RW,
  DOC_BU: R, DOC_PROCESS: RWD, DOC_SUBJECT: RWD, DOC_WAREHOUSE: RWD, NOTE: RWD,
  WASTE: RW, FRACTION: RW, CHEMISTRY: RW, LOAD_UNIT: RW, SERVICE: RW, MATERIAL: RW, VEHICLE: RW, AREA: RW,
  PRICELIST: R, INVOICE: R, PROFILE: RW, TAG: R, TABLE: R,
};

export const BASE_GROUPS: GroupDefinition[] = [
  { code: 'ADMINISTRATORS', name: 'Amministratori', roles: ['ROLE_ADMIN', 'ACCESS_BACKOFFICE'], grants: allExcept([], RWD) },
  { code: 'MANAGERS', name: 'Responsabili', roles: ['ROLE_MANAGER', 'ACCESS_BACKOFFICE'], grants: allExcept(ADMIN_ONLY, RWD) },
  { code: 'OPERATORS', name: 'Operatori', roles: ['ROLE_USER', 'ACCESS_BACKOFFICE'], grants: operatorGrants },
  {
    code: 'OWNERS',
    name: 'Titolari (clienti con sedi)',
    roles: ['ROLE_OWNER', 'ACCESS_BACKOFFICE'],
    grants: {
      // TRANSPORT read: the FIRs of their own loads (row rule: their company is the FIR's producer), which they sign
      RDR: RW, RDT: R, TRANSPORT: R, SUBJECT: R, WAREHOUSE_PDP: RW, DOC_PROCESS: R, DOC_SUBJECT: R, NOTE: RW,
      WASTE: R, LOAD_UNIT: R, INVOICE: R, PROFILE: RW,
      // their company's business jobs and their totals (row rule: the job's customer is their company)
      JOB: R,
    },
  },
  {
    code: 'FIR_VERIFIERS',
    name: 'Verificatori FIR',
    roles: ['ROLE_FIR_VERIFIER', 'ACCESS_BACKOFFICE'],
    // WAREHOUSE read: a FIR's destination and pickup site are warehouses the verifier checks
    grants: { TRANSPORT: RW, DOC_PROCESS: RW, SUBJECT: R, SUBJECT_TRANSPORTER: R, VEHICLE: R, WAREHOUSE: R, WASTE: R, PROFILE: RW },
  },
  {
    code: 'LOGISTICS',
    name: 'Logistica',
    roles: ['ROLE_LOGISTIC', 'ACCESS_BACKOFFICE'],
    grants: {
      TRANSPORT: RWD, MOVEMENT: RW, RDR: R, RDT: RW, VEHICLE: RW, SUBJECT: R, SUBJECT_TRANSPORTER: R,
      WAREHOUSE: R, WAREHOUSE_CDR: R, WAREHOUSE_SERVICE: R, WAREHOUSE_PDP: R, DOC_PROCESS: RW,
      WASTE: R, LOAD_UNIT: R, AREA: R, PROFILE: RW,
    },
  },
  {
    code: 'CUSTOMERS',
    name: 'Clienti',
    roles: ['ROLE_CUSTOMER', 'ACCESS_BACKOFFICE'],
    grants: { RDR: RW, TRANSPORT: R, DOC_PROCESS: R, INVOICE: R, WAREHOUSE_PDP: R, WASTE: R, LOAD_UNIT: R, PROFILE: RW },
  },
  {
    code: 'BACKOFFICE',
    name: 'Accesso al back-office (sola lettura)',
    roles: ['ACCESS_BACKOFFICE'],
    grants: { RDR: R, RDT: R, TRANSPORT: R, SUBJECT: R, WASTE: R, PROFILE: RW },
  },
  { code: 'ONBOARDING', name: 'In registrazione', roles: ['ON_BOARD'], grants: {} },
];

/** Every authority string (roles first) a group definition grants. */
export function groupAuthorities(group: GroupDefinition): string[] {
  const features = (Object.entries(group.grants) as [AuthorityPrefix, AuthorityAction[]][]).flatMap(([prefix, actions]) =>
    actions.map((a) => authority(prefix, a)),
  );
  return [...group.roles, ...features];
}
