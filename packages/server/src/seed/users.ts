import type { Db } from '../db/connect.js';
import { hashPassword } from '../auth/passwords.js';

export interface UserSeed {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  groups: string[];
  password: string;
  passwordChangedAt?: Date;
  mustInitialize?: boolean;
}

export async function createUser(db: Db, seed: UserSeed): Promise<number> {
  const passwordHash = await hashPassword(seed.password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        username: seed.username,
        email: seed.email,
        first_name: seed.firstName,
        last_name: seed.lastName,
        lang: 'it',
        password_hash: passwordHash,
        must_initialize: seed.mustInitialize ?? false,
        subject_id: null,
        last_login_at: null,
        ...(seed.passwordChangedAt ? { password_changed_at: seed.passwordChangedAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const groups = await trx.selectFrom('groups').select('id').where('code', 'in', seed.groups).execute();
    if (groups.length !== seed.groups.length) throw new Error(`Unknown group among ${seed.groups.join(', ')}`);
    await trx.insertInto('user_groups').values(groups.map((g) => ({ user_id: user.id, group_id: g.id }))).execute();
    return user.id;
  });
}
