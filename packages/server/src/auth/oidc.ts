import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_PATH } from '@circula/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config, OidcConfig } from '../config.js';
import type { Db } from '../db/connect.js';
import { AppError } from '../http/errors.js';
import { securityEvent } from '../monitor/events.js';
import { revokeUserSessions } from '../security/common.js';
import type { AuthService, ClientInfo } from './auth-service.js';
import { signInLimits } from './login-throttle.js';
import { clientOf, setRefreshCookie } from './routes.js';

/**
 * Single sign-on with OpenID Connect (issue 20): authorization code with PKCE (S256), beside the
 * local sign-in, ending in the same sessions and tokens.
 *
 * 1. `GET /api/auth/oidc/start`: a flow row (hash of the state, nonce, PKCE verifier; single use,
 *    10 minutes) and an httpOnly cookie binding the flow to this browser; 302 to the provider.
 * 2. `GET /api/auth/oidc/callback`: the state is taken (once) and must belong to this browser;
 *    openid-client exchanges the code with the verifier and validates the ID token (issuer,
 *    audience, expiry, signature, nonce). The user is found by the linked subject, else by the
 *    verified email (then linked); unknown, ambiguous or disabled users are refused. Groups of
 *    OIDC_GROUP_MAP follow the claim OIDC_GROUPS_CLAIM. The answer is a redirect to the web's
 *    `/sso-callback#code=…`: a one-time code (60 s, bound to the browser), never a token in a URL.
 * 3. `POST /api/auth/oidc/exchange {code}`: the code for the login JSON and the refresh cookie,
 *    exactly as `POST /api/auth/login` answers.
 *
 * Every callback and exchange counts as a sign-in attempt of the address (login-throttle.ts); a
 * success takes the count back. Failures go back to the sign-in page as `/login?sso=<CODE>`.
 */

const FLOW_COOKIE = 'circula_oidc';
const FLOW_TTL_MS = 10 * 60 * 1000;
const HANDOFF_TTL_MS = 60 * 1000;
const CALLBACK_PATH = '/api/auth/oidc/callback';

/** The reasons a single sign-on fails, as the sign-in page shows them (`ERRORS.SSO_…`). */
export const SSO_ERRORS = [
  'SSO_DISABLED',
  'SSO_UNAVAILABLE',
  'SSO_INVALID_STATE',
  'SSO_FAILED',
  'SSO_UNKNOWN_USER',
  'SSO_USER_DISABLED',
  'SSO_TOO_MANY_ATTEMPTS',
  'SSO_CODE_INVALID',
] as const;
type SsoError = (typeof SSO_ERRORS)[number];

class SsoFailure extends Error {
  constructor(
    readonly code: SsoError,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
const random = (): string => randomBytes(32).toString('base64url');

/** The claim's values as strings: an array, a single string, or a space/comma separated list. */
function claimValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

export class OidcRelyingParty {
  #configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly settings: OidcConfig,
    private readonly baseUrl: string,
  ) {}

  get redirectUri(): string {
    return `${this.baseUrl.replace(/\/+$/, '')}${CALLBACK_PATH}`;
  }

  /** The provider's metadata, discovered once (again after a failure). */
  private configuration(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      const { issuer, clientId, clientSecret } = this.settings;
      const insecure = new URL(issuer).protocol === 'http:';
      this.#configuration = oidc
        .discovery(new URL(issuer), clientId, clientSecret ?? undefined, clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(), {
          // a provider on plain HTTP (a test's, on loopback) must be allowed explicitly
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.#configuration = null;
          throw error;
        });
    }
    return this.#configuration;
  }

  /** A new flow: where to send the browser, and the value binding the flow to it. */
  async start(): Promise<{ url: string; binding: string }> {
    const configuration = await this.configuration().catch((error: unknown) => {
      throw new SsoFailure('SSO_UNAVAILABLE', `discovery: ${String(error)}`);
    });
    const state = random();
    const nonce = random();
    const binding = random();
    const verifier = oidc.randomPKCECodeVerifier();
    await this.db.deleteFrom('oidc_flows').where('expires_at', '<', new Date()).execute();
    await this.db
      .insertInto('oidc_flows')
      .values({ state_hash: sha256(state), binding_hash: sha256(binding), nonce, code_verifier: verifier, expires_at: new Date(Date.now() + FLOW_TTL_MS) })
      .execute();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, binding };
  }

  /**
   * Completes a flow at the callback: the user the provider vouched for, and a one-time code for
   * the web. Throws SsoFailure.
   */
  async complete(query: Record<string, string | undefined>, binding: string | undefined, client: ClientInfo): Promise<string> {
    const state = query.state;
    if (!state || !binding) throw new SsoFailure('SSO_INVALID_STATE', 'no state or no flow cookie');
    // taken at once: a state works a single time, even when what follows fails
    const flow = await this.db
      .deleteFrom('oidc_flows')
      .where('state_hash', '=', sha256(state))
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (!flow || flow.binding_hash !== sha256(binding)) throw new SsoFailure('SSO_INVALID_STATE', 'unknown, expired or foreign state');
    if (query.error) throw new SsoFailure('SSO_FAILED', `provider: ${query.error}`);

    const configuration = await this.configuration().catch((error: unknown) => {
      throw new SsoFailure('SSO_UNAVAILABLE', `discovery: ${String(error)}`);
    });
    const callbackUrl = new URL(this.redirectUri);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) callbackUrl.searchParams.set(key, value);
    let claims: oidc.IDToken;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      claims = idClaims;
      // many providers put only `sub` in the ID token and the rest behind the userinfo endpoint
      const groupsClaim = this.settings.groupsClaim;
      if ((claims.email === undefined || (groupsClaim && claims[groupsClaim] === undefined)) && configuration.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        // the ID token's own claims (iss, sub, nonce…) win; fetchUserInfo checked that the subject is the same
        claims = { ...info, ...claims };
      }
    } catch (error) {
      throw new SsoFailure('SSO_FAILED', `code exchange: ${error instanceof Error ? error.message : String(error)}`);
    }

    const userId = await this.matchUser(claims, client);
    if (this.settings.groupsClaim) await this.syncGroups(userId, claimValues(claims[this.settings.groupsClaim]));
    const code = random();
    await this.db.deleteFrom('oidc_handoffs').where('expires_at', '<', new Date()).execute();
    await this.db
      .insertInto('oidc_handoffs')
      .values({ code_hash: sha256(code), user_id: userId, binding_hash: flow.binding_hash, expires_at: new Date(Date.now() + HANDOFF_TTL_MS) })
      .execute();
    return code;
  }

  /**
   * The user behind the ID token: the one linked to its subject, else the only user with its
   * email when the provider verified that email (then linked, so a later email change at either
   * side keeps the match). A user linked to another subject is not taken over by email.
   */
  private async matchUser(claims: oidc.IDToken, client: ClientInfo): Promise<number> {
    const issuer = claims.iss;
    const subject = claims.sub;
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    const refuse = async (code: SsoError, detail: string, userId: number | null = null, username: string | null = null): Promise<never> => {
      await securityEvent(this.db, {
        type: code === 'SSO_USER_DISABLED' ? 'SIGN_IN_REFUSED' : 'SIGN_IN_FAILED',
        userId,
        username: username ?? (email || subject),
        address: client.address,
        detail: `SSO ${detail}`,
      });
      throw new SsoFailure(code, detail);
    };

    let user = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'enabled'])
      .where('oidc_issuer', '=', issuer)
      .where('oidc_subject', '=', subject)
      .executeTakeFirst();
    if (!user) {
      if (!email || claims.email_verified !== true) return refuse('SSO_UNKNOWN_USER', `subject ${subject}: no linked user and no verified email`);
      const candidates = await this.db
        .selectFrom('users')
        .select(['id', 'username', 'enabled', 'oidc_subject'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .execute();
      if (candidates.length !== 1) return refuse('SSO_UNKNOWN_USER', `email ${email}: ${candidates.length} users`);
      const candidate = candidates[0]!;
      if (candidate.oidc_subject !== null) return refuse('SSO_UNKNOWN_USER', `email ${email}: user linked to another subject`, candidate.id, candidate.username);
      await this.db.updateTable('users').set({ oidc_issuer: issuer, oidc_subject: subject }).where('id', '=', candidate.id).where('oidc_subject', 'is', null).execute();
      user = candidate;
    }
    if (!user.enabled) return refuse('SSO_USER_DISABLED', 'user disabled', user.id, user.username);
    return Number(user.id);
  }

  /**
   * The groups of OIDC_GROUP_MAP follow the claim: a mapped group the claim names is added, one it
   * does not name is removed; other groups are left alone. A change is recorded as a privilege
   * change and ends the user's other sessions, as when an administrator changes groups.
   */
  private async syncGroups(userId: number, values: string[]): Promise<void> {
    const map = this.settings.groupMap;
    const managedCodes = [...new Set(Object.values(map))];
    if (managedCodes.length === 0) return;
    const wantedCodes = new Set(values.flatMap((value) => (Object.hasOwn(map, value) ? [map[value]!] : [])));
    const changed = await this.db.transaction().execute(async (trx) => {
      const groups = await trx.selectFrom('groups').select(['id', 'code']).where('code', 'in', managedCodes).execute();
      const current = new Set(
        (await trx.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute()).map((row) => Number(row.group_id)),
      );
      const added = groups.filter((g) => wantedCodes.has(g.code) && !current.has(Number(g.id)));
      const removed = groups.filter((g) => !wantedCodes.has(g.code) && current.has(Number(g.id)));
      if (added.length === 0 && removed.length === 0) return false;
      if (removed.length) await trx.deleteFrom('user_groups').where('user_id', '=', userId).where('group_id', 'in', removed.map((g) => g.id)).execute();
      if (added.length) await trx.insertInto('user_groups').values(added.map((g) => ({ user_id: userId, group_id: g.id }))).execute();
      const user = await trx.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
      await securityEvent(trx, {
        type: 'PRIVILEGE_CHANGED',
        userId,
        username: user.username,
        detail: `user ${user.username}: groups${added.length ? ` +${added.map((g) => g.code).join(', ')}` : ''}${removed.length ? ` -${removed.map((g) => g.code).join(', ')}` : ''} (single sign-on claim)`,
      });
      await revokeUserSessions(trx, [userId], 'GROUPS_CHANGED');
      return true;
    });
    if (changed) this.auth.principals.invalidate();
  }

  /** The web's one-time code for the user it stands for; taken at once. */
  async takeHandoff(code: string, binding: string | undefined): Promise<number> {
    const handoff = await this.db
      .deleteFrom('oidc_handoffs')
      .where('code_hash', '=', sha256(code))
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (!handoff || !binding || handoff.binding_hash !== sha256(binding)) throw new AppError(400, 'SSO_CODE_INVALID');
    return Number(handoff.user_id);
  }
}

/** The attempt of one address, counted like a sign-in (the name is the address's own). */
const attemptName = (client: ClientInfo): string => `sso@${client.address}`;

export function oidcRoutes(app: FastifyInstance, db: Db, auth: AuthService, config: Config): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const party = config.oidc ? new OidcRelyingParty(db, auth, config.oidc, config.baseUrl) : null;
  const limits = signInLimits(config.loginRateLimit);
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: config.baseUrl.startsWith('https://'), path: '/api/auth/oidc' };
  const toLogin = (reply: FastifyReply, code: SsoError) => reply.redirect(`${LOGIN_PATH}?sso=${code}`, 302);

  const failed = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (error instanceof SsoFailure) {
      request.log.info({ sso: error.code, detail: error.detail }, 'single sign-on refused');
      return toLogin(reply, error.code);
    }
    if (error instanceof AppError && error.statusCode === 429) return toLogin(reply, 'SSO_TOO_MANY_ATTEMPTS');
    throw error;
  };

  r.get('/api/auth/oidc/start', { config: { public: true }, schema: { tags: ['auth'], hide: true } }, async (request, reply) => {
    if (!party) return toLogin(reply, 'SSO_DISABLED');
    try {
      const { url, binding } = await party.start();
      reply.setCookie(FLOW_COOKIE, binding, { ...cookieOptions, maxAge: FLOW_TTL_MS / 1000 });
      return reply.redirect(url, 302);
    } catch (error) {
      return failed(request, reply, error);
    }
  });

  r.get(
    CALLBACK_PATH,
    { config: { public: true }, schema: { tags: ['auth'], hide: true, querystring: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      if (!party) return toLogin(reply, 'SSO_DISABLED');
      const client = clientOf(request);
      try {
        const code = await auth.throttle.guess(attemptName(client), client.address, limits, () => party.complete(request.query, request.cookies[FLOW_COOKIE], client));
        // a fragment never reaches a server log nor a Referer header
        return reply.redirect(`/sso-callback#code=${encodeURIComponent(code)}`, 302);
      } catch (error) {
        return failed(request, reply, error);
      }
    },
  );

  r.post(
    '/api/auth/oidc/exchange',
    { config: { public: true }, schema: { tags: ['auth'], body: z.object({ code: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      if (!party) throw new AppError(404, 'SSO_DISABLED');
      const client = clientOf(request);
      const userId = await auth.throttle.guess(attemptName(client), client.address, limits, () => party.takeHandoff(request.body.code, request.cookies[FLOW_COOKIE]));
      const user = await auth.signInVouched(userId, client);
      reply.clearCookie(FLOW_COOKIE, { path: cookieOptions.path });
      if (user.refreshToken) setRefreshCookie(reply, config, user.refreshToken);
      return { data: user };
    },
  );
}
