import { sql, type Kysely } from 'kysely';

/**
 * Issue 20, access: personal API tokens and single sign-on with OpenID Connect.
 *
 * `api_tokens`: a user's bearer tokens `circ_<prefix>_<secret>`. Only the SHA-256 of the secret is
 * kept: the secret is 32 random bytes, so a stolen table cannot be turned back into tokens by
 * guessing, and a slow hash (argon2) would add nothing but a cost to every request. Expiry is
 * required; a revoked token keeps its row (the list shows it).
 *
 * `users.oidc_issuer/oidc_subject`: the provider's account a user is linked to, set at the first
 * single sign-on matched by email; later sign-ins match by it even if the email changes.
 * `oidc_flows`: a sign-in started at the provider (state, nonce, PKCE verifier), used once within
 * 10 minutes; `oidc_handoffs`: the one-time code the web exchanges for its session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_tokens (
      id bigint generated always as identity primary key,
      user_id bigint not null references users(id) on delete cascade,
      name text not null,
      prefix text not null,
      secret_hash text not null,
      scope text not null default 'FULL' check (scope in ('FULL', 'READ_ONLY')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create unique index api_tokens_prefix on api_tokens (prefix)`.execute(db);
  await sql`create index api_tokens_user on api_tokens (user_id, created_at desc)`.execute(db);

  await sql`alter table users add column oidc_issuer text, add column oidc_subject text`.execute(db);
  await sql`create unique index users_oidc_subject on users (oidc_issuer, oidc_subject) where oidc_subject is not null`.execute(db);

  await sql`
    create table oidc_flows (
      state_hash text primary key,
      binding_hash text not null,
      nonce text not null,
      code_verifier text not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table oidc_handoffs (
      code_hash text primary key,
      user_id bigint not null references users(id) on delete cascade,
      binding_hash text not null,
      expires_at timestamptz not null
    )`.execute(db);
}
