import type { Page, SecurityAuthority } from '@circula/model';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { assertCan } from '../records/policy.js';
import { AREA } from './common.js';
import { AUTHORITY_LIST } from './lists.js';
import { compileListSearch, paging, parseQuery } from '../records/search.js';

export interface AuthoritySearchParams {
  q?: string;
  page?: number;
  size?: number;
  sort?: string;
  unpaged?: boolean;
}

/** Authorities are declared by the application (seed/base.ts): read-only here. */
export class AuthorityAdminService {
  constructor(private readonly db: Db) {}

  async search(principal: Principal, params: AuthoritySearchParams): Promise<Page<SecurityAuthority>> {
    assertCan(principal, AREA.authorities, 'R');
    const { where, orderBy } = compileListSearch(AUTHORITY_LIST, parseQuery(params.q), params.sort);
    const { page, size } = paging(params);

    let base = this.db.selectFrom('authorities as a');
    for (const condition of where) base = base.where(condition);
    const page_ = await base.select(['a.code', 'a.description', 'a.is_role']).orderBy(orderBy).limit(size).offset(page * size).execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();

    const codes = page_.map((r) => r.code);
    const grants = codes.length
      ? await this.db
          .selectFrom('group_authorities as ga')
          .innerJoin('groups as g', 'g.id', 'ga.group_id')
          .select(['ga.authority_code', 'g.code', 'g.name'])
          .where('ga.authority_code', 'in', codes)
          .orderBy('g.code')
          .execute()
      : [];
    const items = page_.map((r) => ({
      code: r.code,
      description: r.description,
      isRole: r.is_role,
      groups: grants.filter((g) => g.authority_code === r.code).map((g) => ({ code: g.code, name: g.name })),
    }));
    return { items, total: Number(count.total), page, size };
  }
}
