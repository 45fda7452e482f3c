import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface SysRegistryTable {
  key: string;
  the_value: string;
  translation: Json<Record<string, string>>;
  is_public: Generated<boolean>;
  description: string | null;
  /** Added by migration 0006 (identity id and version for history and stale-write detection). */
  id: Generated<number>;
  version: Generated<number>;
  updated_at: DefaultedTimestamp;
}

export interface AuthoritiesTable {
  code: string;
  description: string;
  is_role: Generated<boolean>;
}

export interface GroupsTable {
  id: Generated<number>;
  code: string;
  name: string;
  version: Generated<number>;
  created_at: DefaultedTimestamp;
}

export interface GroupAuthoritiesTable {
  group_id: number;
  authority_code: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  lang: string | null;
  password_hash: string;
  password_changed_at: DefaultedTimestamp;
  password_temporary: Generated<boolean>;
  must_initialize: Generated<boolean>;
  enabled: Generated<boolean>;
  subject_id: number | null;
  last_login_at: NullableTimestamp;
  /** The single sign-on account linked to the user (migration 0034). */
  oidc_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  oidc_subject: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** A personal API token (migration 0034, auth/api-tokens.ts). */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  secret_hash: string;
  scope: Generated<string>;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** A single sign-on started at the provider (auth/oidc.ts). */
export interface OidcFlowsTable {
  state_hash: string;
  binding_hash: string;
  nonce: string;
  code_verifier: string;
  expires_at: Timestamp;
}

/** The one-time code the web exchanges for the session of a completed single sign-on. */
export interface OidcHandoffsTable {
  code_hash: string;
  user_id: number;
  binding_hash: string;
  expires_at: Timestamp;
}

export interface UserGroupsTable {
  user_id: number;
  group_id: number;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  created_at: DefaultedTimestamp;
  last_seen_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  address: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: DefaultedTimestamp;
  used_at: NullableTimestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  address: string;
  at: DefaultedTimestamp;
  /** Counted, its guess still being checked (migration 0042, auth/login-throttle.ts). */
  pending: Generated<boolean>;
}

export interface UserSettingsTable {
  user_id: number;
  key: string;
  value: Json<unknown>;
  updated_at: DefaultedTimestamp;
}

export interface RecordHistoryTable {
  id: Generated<number>;
  entity: string;
  record_id: number;
  version: number;
  action: string;
  at: DefaultedTimestamp;
  by_user: string | null;
  by_user_id: number | null;
  changes: Json<Record<string, [unknown, unknown]>>;
}

/** An import or export and its progress (records/jobs.ts). */
export interface RecordJobTable {
  id: string;
  kind: string;
  target: string;
  user_id: number;
  status: string;
  phase: string | null;
  processed: ColumnType<number, number | undefined, number>;
  total: number | null;
  dry_run: boolean | null;
  cancel_requested: ColumnType<boolean, boolean | undefined, boolean>;
  result: Json<unknown> | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  finished_at: Date | null;
}

/** The records a committed chunk of an import wrote, until the import ends. */
export interface RecordJobWrittenTable {
  job_id: string;
  entity: string;
  ids: number[];
}

export interface Database {
  record_job: RecordJobTable;
  record_job_written: RecordJobWrittenTable;
  record_history: RecordHistoryTable;
  sys_registry: SysRegistryTable;
  authorities: AuthoritiesTable;
  groups: GroupsTable;
  group_authorities: GroupAuthoritiesTable;
  users: UsersTable;
  user_groups: UserGroupsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  api_tokens: ApiTokensTable;
  oidc_flows: OidcFlowsTable;
  oidc_handoffs: OidcHandoffsTable;
  login_failures: LoginFailuresTable;
  user_settings: UserSettingsTable;
  documents: DocumentsTable;
  document_versions: DocumentVersionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export interface DocumentsTable {
  id: Generated<number>;
  file_name: string;
  current_version: Generated<number>;
  /** An authority prefix (DOC_SUBJECT, DOC_PROCESS…); null together with owner_id. */
  owner_entity: string | null;
  owner_id: number | null;
  /** The uploader's user id: the owner-less document's rule. */
  author_id: number | null;
  created_at: DefaultedTimestamp;
  created_by: string;
  updated_at: DefaultedTimestamp;
  updated_by: string;
  deleted: Generated<boolean>;
}

export interface DocumentVersionsTable {
  document_id: number;
  version: number;
  sha256: string;
  size: number;
  mime_type: string;
  file_name: string;
  created_at: DefaultedTimestamp;
  created_by: string;
}
