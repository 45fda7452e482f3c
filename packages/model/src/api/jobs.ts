/**
 * Issue 20 calls beyond the generic record calls: a business job's totals
 * (`GET /api/jobs/job/{id}/totals`) and the security model's read-only views
 * (`GET /api/security/profiles`, `GET /api/security/authorizations`), as server and web read them.
 *
 * Amounts are decimal strings with two decimals ("1234.50"), weights numbers in kg.
 */

/** A count per workflow status (in the workflow's order; statuses without records left out). */
export interface JobStatusCount {
  status: string;
  count: number;
}

/** The requests of a job, over the lists the user reads (every kind, or only some kinds' lists). */
export interface JobRequestTotals {
  count: number;
  byStatus: JobStatusCount[];
  estimatedKg: number;
  /** The newest ones (at most JOB_TOTALS_MAX_ITEMS), each with the route that opens it. */
  items: { id: number; route: string; code: string; kind: string; status: string; wishedFrom: string | null; estimatedKg: number | null }[];
}

export interface JobTransportTotals {
  count: number;
  byStatus: JobStatusCount[];
  estimatedKg: number;
  verifiedKg: number;
  items: { id: number; code: string; date: string | null; status: string; estimatedKg: number | null; verifiedKg: number | null }[];
}

export interface JobInvoiceTotals {
  count: number;
  byStatus: JobStatusCount[];
  /** Invoices issued (ISSUED, SENT, PAID or later CANCELLED), less the credit notes issued: taxable and document total. */
  issuedCount: number;
  taxable: string;
  total: string;
  /** What the issued invoices' collections paid. */
  collected: string;
  items: { id: number; code: string; documentNumber: string | null; documentType: string; issueDate: string | null; status: string; taxable: string | null; total: string | null; paidAmount: string | null }[];
}

/** A job's totals: a section is null when the user may not read its list; row rules apply to each. */
export interface JobTotals {
  job: { id: number; code: string; name: string; status: string; budget: string | null };
  requests: JobRequestTotals | null;
  transports: JobTransportTotals | null;
  invoices: JobInvoiceTotals | null;
}

/** How many linked records of each kind a job's totals list. */
export const JOB_TOTALS_MAX_ITEMS = 50;

/** What a user may do on one feature authority prefix (RDR, INVOICE…). */
export interface ProfileRight {
  prefix: string;
  description: string;
  read: boolean;
  write: boolean;
  delete: boolean;
}

/** One user's profile: groups, roles and the effective rights (the union of the groups' authorities; ROLE_ADMIN holds all). */
export interface SecurityProfile {
  userId: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  enabled: boolean;
  groups: { code: string; name: string }[];
  roles: string[];
  admin: boolean;
  rights: ProfileRight[];
}

/** One authority and who holds it: the groups granting it, and the users of those groups. */
export interface SecurityAuthorization {
  code: string;
  description: string;
  isRole: boolean;
  /** The route areas this authority's prefix opens (none for a role). */
  areas: string[];
  groups: { code: string; name: string }[];
  /** Users holding it through their groups (at most AUTHORIZATION_MAX_USERS listed), and how many in all. */
  users: { id: number; username: string }[];
  userCount: number;
}

export const AUTHORIZATION_MAX_USERS = 100;
