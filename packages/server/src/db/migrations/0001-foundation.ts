import { sql, type Kysely } from 'kysely';

/** Foundation: registry, security (authorities, groups, users, sessions), login throttling, user settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`
    create table sys_registry (
      key text primary key,
      the_value text not null,
      translation jsonb not null default '{}'::jsonb,
      is_public boolean not null default false,
      description text,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table authorities (
      code text primary key,
      description text not null,
      is_role boolean not null default false
    )`.execute(db);

  await sql`
    create table groups (
      id bigint generated always as identity primary key,
      code text not null unique,
      name text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table group_authorities (
      group_id bigint not null references groups(id) on delete cascade,
      authority_code text not null references authorities(code) on delete cascade,
      primary key (group_id, authority_code)
    )`.execute(db);

  await sql`
    create table users (
      id bigint generated always as identity primary key,
      username text not null,
      email text,
      first_name text,
      last_name text,
      lang text,
      password_hash text not null,
      password_changed_at timestamptz not null default now(),
      password_temporary boolean not null default false,
      must_initialize boolean not null default false,
      enabled boolean not null default true,
      subject_id bigint,
      last_login_at timestamptz,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);

  await sql`
    create table user_groups (
      user_id bigint not null references users(id) on delete cascade,
      group_id bigint not null references groups(id) on delete cascade,
      primary key (user_id, group_id)
    )`.execute(db);

  await sql`
    create table sessions (
      id uuid primary key default gen_random_uuid(),
      user_id bigint not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text,
      address text,
      user_agent text
    )`.execute(db);
  await sql`create index sessions_user on sessions (user_id)`.execute(db);

  await sql`
    create table refresh_tokens (
      token_hash text primary key,
      session_id uuid not null references sessions(id) on delete cascade,
      created_at timestamptz not null default now(),
      used_at timestamptz
    )`.execute(db);
  await sql`create index refresh_tokens_session on refresh_tokens (session_id)`.execute(db);

  await sql`
    create table login_failures (
      id bigint generated always as identity primary key,
      username text not null,
      address text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_failures_username on login_failures (username, at)`.execute(db);
  await sql`create index login_failures_address on login_failures (address, at)`.execute(db);

  await sql`
    create table user_settings (
      user_id bigint not null references users(id) on delete cascade,
      key text not null,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, key)
    )`.execute(db);
}
