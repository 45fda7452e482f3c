import { createHash, randomUUID } from 'node:crypto';
import { CHECKS, MESSAGES, type RegistrationInput, type RegistrationRecord } from '@circula/model';
import { sql } from 'kysely';
import type { AuthService } from '../auth/auth-service.js';
import { linkLimits, LoginThrottle, type AttemptLimits } from '../auth/login-throttle.js';
import { hashPassword } from '../auth/passwords.js';
import { fullName } from '../auth/users.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { AppError, constraintViolation, isUniqueViolation } from '../http/errors.js';
import { writeHistory } from '../records/history.js';
import { generateTemporaryPassword, revokeUserSessions } from '../security/common.js';
import type { MailService } from '../domain/mail/service.js';
import { withAccountTables, type AccountsDb, type AccountsTrx } from '../domain/mail/tables.js';
import { formatMailDate, mailLang } from '../domain/mail/templates.js';

/** Spec §9: registration type COLLABORATOR, subject type PERSON. */
export const REGISTRATION_TYPES = ['COLLABORATOR'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];
/** The group of a user who registered: ON_BOARD until an administrator grants back-office access. */
export const REGISTRATION_GROUP = 'ONBOARDING';

type LinkKind = 'REGISTRATION' | 'RECOVER_PASSWORD';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hashLink = (uuid: string) => createHash('sha256').update(uuid.toLowerCase()).digest('hex');
const invalidUuid = () => new AppError(400, 'INVALID_UUUID');

interface Caller {
  userId: number;
  username: string;
}

/**
 * Registration by emailed link and password recovery (spec §1, §5, §7). The public steps are
 * throttled like sign-in, per address: asking for recovery links (also per username) and
 * presenting unknown links.
 */
export class AccountService {
  private readonly db: AccountsDb;
  private readonly throttle: LoginThrottle;
  private readonly limits: AttemptLimits;

  constructor(
    db: Db,
    private readonly config: Config,
    private readonly auth: AuthService,
    private readonly mail: MailService,
  ) {
    this.db = withAccountTables(db);
    this.throttle = new LoginThrottle(db, config.loginRateLimit);
    this.limits = linkLimits(config.loginRateLimit);
  }

  private link(path: string, uuid: string): string {
    return `${this.config.baseUrl.replace(/\/+$/, '')}${path}?u=${uuid}`;
  }

  private async newLink(
    executor: AccountsDb | AccountsTrx,
    values: { kind: LinkKind; email: string; userId: number | null; type: string | null; lang: string; createdBy: number | null; ttlMs: number },
  ): Promise<{ uuid: string; expiresAt: Date }> {
    const uuid = randomUUID();
    const expiresAt = new Date(Date.now() + values.ttlMs);
    await executor
      .insertInto('account_links')
      .values({
        token_hash: hashLink(uuid),
        kind: values.kind,
        email: values.email,
        user_id: values.userId,
        registration_type: values.type,
        lang: values.lang,
        created_by: values.createdBy,
        expires_at: expiresAt,
      })
      .execute();
    // spent and expired links are of no use to anyone: drop them now and then
    await executor.deleteFrom('account_links').where('expires_at', '<', new Date(Date.now() - 7 * 24 * 3600 * 1000)).execute();
    return { uuid, expiresAt };
  }

  /** A known, unused, unexpired link of a kind (locked for the transaction when asked). */
  private findLink(executor: AccountsDb | AccountsTrx, kind: LinkKind, uuid: string | null | undefined, lock = false) {
    if (!uuid || !UUID.test(uuid)) return Promise.resolve(undefined);
    let query = executor
      .selectFrom('account_links')
      .selectAll()
      .where('token_hash', '=', hashLink(uuid))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date());
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /**
   * A valid link, checked outside any transaction: unknown links count against the address like
   * failed sign-ins, and too many of them answer 429.
   */
  private async validLink(kind: LinkKind, uuid: string | null | undefined, address: string) {
    // counted per address (the "username" side is the presented value, limited on its own)
    const presented = `link:${(uuid ?? '').slice(0, 100)}`;
    return this.throttle.guess(presented, `link:${address}`, this.limits, async () => {
      const row = await this.findLink(this.db, kind, uuid);
      if (!row) throw invalidUuid();
      return row;
    });
  }

  private userByEmailOrUsername(executor: AccountsDb | AccountsTrx, email: string) {
    return executor
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email.toLowerCase()), eb(sql<string>`lower(username)`, '=', email.toLowerCase())]))
      .executeTakeFirst();
  }

  /** `POST /api/webaccess/registration-link`: mails a registration link, unless a user already has that email. */
  async sendRegistrationLink(caller: Caller, input: { email: string; lang?: string | null | undefined; type?: string | null | undefined }): Promise<'OK' | 'USER_ALREADY_EXIST'> {
    const email = input.email.trim().toLowerCase();
    if (!email) throw constraintViolation([{ field: 'email', message: MESSAGES.required }]);
    if (email.length > 254 || !CHECKS.email!(email)) throw constraintViolation([{ field: 'email', message: MESSAGES.invalid }]);
    const type = input.type ?? 'COLLABORATOR';
    if (!(REGISTRATION_TYPES as readonly string[]).includes(type)) throw constraintViolation([{ field: 'type', message: MESSAGES.invalid }]);
    if (await this.userByEmailOrUsername(this.db, email)) return 'USER_ALREADY_EXIST';
    const lang = mailLang(input.lang);
    const { uuid, expiresAt } = await this.newLink(this.db, {
      kind: 'REGISTRATION',
      email,
      userId: null,
      type,
      lang,
      createdBy: caller.userId,
      ttlMs: this.config.mail.registrationLinkHours * 3600 * 1000,
    });
    const sent = await this.mail.send({
      to: email,
      template: 'REGISTRATION_LINK',
      lang,
      data: { link: this.link('/registration', uuid), expiresAt: formatMailDate(expiresAt, lang) },
      createdBy: caller.username,
    });
    if (sent.status === 'FAILED') {
      // a link nobody received must not stay usable
      await this.db.deleteFrom('account_links').where('token_hash', '=', hashLink(uuid)).execute();
      throw new AppError(502, 'MAIL_NOT_SENT');
    }
    return 'OK';
  }

  /** `GET /api/webaccess/registration?u=`: the email and type a valid registration link was sent for. */
  async readRegistration(uuid: string | undefined, address: string): Promise<RegistrationRecord> {
    const link = await this.validLink('REGISTRATION', uuid, address);
    return { email: link.email, uuid: uuid!.toLowerCase(), type: link.registration_type ?? 'COLLABORATOR' };
  }

  /**
   * `POST /api/webaccess/registration`: creates the user (group ONBOARDING, the link's email as
   * username) and the COLLABORATOR subject of type PERSON linked to it; the link is spent in the
   * same transaction, so a refused registration leaves it usable.
   */
  async register(input: RegistrationInput, address: string): Promise<{ token?: string }> {
    const uuid = input.uuid?.trim().toLowerCase();
    const link = await this.validLink('REGISTRATION', uuid, address);

    const name = input.name?.trim() ?? '';
    const lastname = input.lastname?.trim() ?? '';
    const errors: { field: string; message: string }[] = [];
    const required = (field: string, value: string, max: number) => {
      if (!value) errors.push({ field, message: MESSAGES.required });
      else if (value.length > max) errors.push({ field, message: MESSAGES.tooLong });
    };
    required('name', name, 100);
    required('lastname', lastname, 100);
    for (const field of ['email', 'username'] as const) {
      const value = input[field]?.trim();
      if (value && value.toLowerCase() !== link.email.toLowerCase()) errors.push({ field, message: MESSAGES.invalid });
    }
    if (input.subjectType && input.subjectType !== 'PERSON') errors.push({ field: 'subjectType', message: MESSAGES.invalid });
    if (input.type && input.type !== (link.registration_type ?? 'COLLABORATOR')) errors.push({ field: 'type', message: MESSAGES.invalid });
    const password = input.password ?? '';
    if (!password) errors.push({ field: 'password', message: MESSAGES.required });
    else if (password.length > 500) errors.push({ field: 'password', message: MESSAGES.tooLong });
    if (!input.confirmPassword) errors.push({ field: 'confirmPassword', message: MESSAGES.required });
    else if (password && input.confirmPassword !== password) errors.push({ field: 'confirmPassword', message: 'PASSWORDS_DO_NOT_MATCH' });
    if (errors.length) throw constraintViolation(errors);
    await this.auth.assertPasswordRule(password);
    const passwordHash = await hashPassword(password);

    try {
      await this.db.transaction().execute(async (trx) => {
        // the same link again, locked: two registrations with one link cannot both pass
        const current = await this.findLink(trx, 'REGISTRATION', uuid, true);
        if (!current) throw invalidUuid();
        if (await this.userByEmailOrUsername(trx, current.email)) throw new AppError(400, 'already_exists');
        const group = await trx.selectFrom('groups').select('id').where('code', '=', REGISTRATION_GROUP).executeTakeFirst();
        if (!group) throw new Error(`group ${REGISTRATION_GROUP} is missing`);
        const user = await trx
          .insertInto('users')
          .values({
            username: current.email,
            email: current.email,
            first_name: name,
            last_name: lastname,
            lang: current.lang,
            password_hash: passwordHash,
            subject_id: null,
            last_login_at: null,
          })
          .returning(['id', 'username'])
          .executeTakeFirstOrThrow();
        await trx.insertInto('user_groups').values({ user_id: user.id, group_id: group.id }).execute();
        const subjectId = await createCollaborator(trx, { userId: user.id, username: user.username, name, lastname, email: current.email });
        await trx.updateTable('users').set({ subject_id: subjectId }).where('id', '=', user.id).execute();
        await trx.updateTable('account_links').set({ used_at: new Date() }).where('token_hash', '=', current.token_hash).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(400, 'already_exists');
      throw error;
    }
    // the new user waits for an administrator (ON_BOARD): no session is opened here
    return {};
  }

  /**
   * `POST /api/webaccess/recover-password-link`: mails a recovery link when an enabled user with
   * an email has that username. The answer, and the time it takes, do not tell whether one does:
   * the message is sent after the answer.
   */
  async requestRecovery(input: { username: string; lang?: string | null | undefined }, address: string): Promise<{ pending: Promise<void> }> {
    const username = input.username.trim();
    await this.throttle.count(`recover:${username}`, `recover:${address}`, this.limits);
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    if (!user || !user.enabled || !user.email) return { pending: Promise.resolve() };
    const lang = mailLang(user.lang ?? input.lang);
    const { uuid, expiresAt } = await this.newLink(this.db, {
      kind: 'RECOVER_PASSWORD',
      email: user.email,
      userId: user.id,
      type: null,
      lang,
      createdBy: null,
      ttlMs: this.config.mail.recoverLinkMinutes * 60 * 1000,
    });
    const email = user.email;
    const pending = this.mail.track(
      this.mail.subjectOf(user).then((subjectId) =>
        this.mail.send({
          to: email,
          template: 'RECOVER_PASSWORD_LINK',
          lang,
          data: { name: fullName(user), username: user.username, link: this.link('/recover-password', uuid), expiresAt: formatMailDate(expiresAt, lang) },
          createdBy: null,
          subjectId,
          recipientUserId: user.id,
        }),
      ),
    ).then(() => undefined);
    return { pending };
  }

  /**
   * `GET /api/webaccess/recover-password?u=`: spends the link, gives the user a temporary password
   * that is already expired (the next sign-in goes through change-password), ends their sessions
   * and mails the password.
   */
  async recover(uuid: string | undefined, address: string): Promise<void> {
    const normalized = uuid?.trim().toLowerCase();
    // the limit and the link first: a refused call costs no argon2 hash
    await this.validLink('RECOVER_PASSWORD', normalized, address);
    const temporary = generateTemporaryPassword();
    const passwordHash = await hashPassword(temporary);
    const user = await this.db.transaction().execute(async (trx) => {
      const link = await this.findLink(trx, 'RECOVER_PASSWORD', normalized, true);
      if (!link) throw invalidUuid();
      await trx.updateTable('account_links').set({ used_at: new Date() }).where('token_hash', '=', link.token_hash).execute();
      const row = await trx.selectFrom('users').selectAll().where('id', '=', link.user_id!).where('enabled', '=', true).executeTakeFirst();
      if (!row || !row.email) throw invalidUuid();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_temporary: true, password_changed_at: new Date(), updated_at: new Date(), version: sql`version + 1` })
        .where('id', '=', row.id)
        .execute();
      // the same transaction seen without this module's tables (Kysely types are invariant in the table map)
      await revokeUserSessions(trx as never, [row.id], 'PASSWORD_RECOVERED');
      return { ...row, lang: link.lang };
    });
    this.auth.principals.invalidate();
    await this.throttle.clear(user.username);
    const sent = await this.mail.sendTemporaryPassword(user, temporary, { lang: user.lang, createdBy: null });
    if (sent.status === 'FAILED') throw new AppError(502, 'MAIL_NOT_SENT');
  }
}

/** The COLLABORATOR subject of type PERSON of a newly registered user (record columns as the record engine writes them). */
async function createCollaborator(
  trx: AccountsTrx,
  values: { userId: number; username: string; name: string; lastname: string; email: string },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into subject (subject_type, name, last_name, roles, contact, user_id, author_id, created_by, updated_by)
    values ('PERSON', ${values.name}, ${values.lastname}, ${sql`array['COLLABORATOR']::text[]`}, ${JSON.stringify({ email: values.email })}::jsonb,
      ${values.userId}, ${values.userId}, ${values.username}, ${values.username})
    returning id`.execute(trx);
  const id = rows[0]!.id;
  const code = `SBJ-${String(id).padStart(6, '0')}`;
  await sql`update subject set code = ${code} where id = ${id}`.execute(trx);
  const principal = { userId: values.userId, username: values.username, sessionId: '', authorities: [], lang: null };
  await writeHistory(trx as never, principal, {
    entity: 'subject',
    recordId: id,
    version: 1,
    action: 'CREATE',
    changes: {
      code: [null, code],
      subjectType: [null, 'PERSON'],
      name: [null, values.name],
      lastName: [null, values.lastname],
      roles: [null, ['COLLABORATOR']],
      contact: [null, { email: values.email }],
      userId: [null, values.userId],
    },
  });
  return id;
}
