import { sql, type Kysely } from 'kysely';

/**
 * Documents and their versions. The bytes live in the document storage under their sha256;
 * these rows say which content is which version of which document, and who may see it
 * (`owner_entity` is an authority prefix such as DOC_PROCESS; no owner = uploader and admins).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table documents (
      id bigint generated always as identity primary key,
      file_name text not null,
      current_version integer not null default 1 check (current_version > 0),
      owner_entity text,
      owner_id bigint,
      author_id bigint,
      created_at timestamptz not null default now(),
      created_by text not null,
      updated_at timestamptz not null default now(),
      updated_by text not null,
      deleted boolean not null default false,
      check ((owner_entity is null) = (owner_id is null))
    )`.execute(db);
  await sql`create index documents_owner on documents (owner_entity, owner_id) where not deleted`.execute(db);

  await sql`
    create table document_versions (
      document_id bigint not null references documents(id),
      version integer not null check (version > 0),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      size bigint not null check (size > 0),
      mime_type text not null,
      file_name text not null,
      created_at timestamptz not null default now(),
      created_by text not null,
      constraint document_versions_unique unique (document_id, version)
    )`.execute(db);
  // which rows still refer to a content file (a future sweep of unreferenced files needs it)
  await sql`create index document_versions_sha256 on document_versions (sha256)`.execute(db);
}
