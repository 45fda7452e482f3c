import type { Page } from '@circula/model';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { badRequest } from '../http/errors.js';
import { assertCan } from '../records/policy.js';
import { AREA, freeTextWords, parseListQuery, parseSort } from './common.js';
import { paging } from '../records/search.js';

export interface SecurityAuthority {
  code: string;
  description: string;
  isRole: boolean;
  /** The groups that grant it. */
  groups: { code: string; name: string }[];
}

export interface AuthoritySearchParams {
  q?: string;
  page?: number;
  size?: number;
  sort?: string;
  unpaged?: boolean;
}

const SORTABLE = ['code', 'description', 'isRole'] as const;
const SORT_COLUMN = { code: 'a.code', description: 'a.description', isRole: 'a.is_role' } as const;

/** Authorities are declared by the application (seed/base.ts): read-only here. */
export class AuthorityAdminService {
  constructor(private readonly db: Db) {}

  async search(principal: Principal, params: AuthoritySearchParams): Promise<Page<SecurityAuthority>> {
    assertCan(principal, AREA.authorities, 'R');
    const query = parseListQuery(params.q);
    const words = freeTextWords(query.query);
    const sort = parseSort(params.sort, query.sort, SORTABLE);
    const { page, size } = paging(params);

    let base = this.db.selectFrom('authorities as a');
    for (const pattern of words) base = base.where((eb) => eb.or([eb('a.code', 'ilike', pattern), eb('a.description', 'ilike', pattern)]));
    for (const filter of query.filters ?? []) {
      if (filter.field !== 'isRole') throw badRequest('UNKNOWN_FIELD');
      if (filter.op !== 'eq' || typeof filter.value !== 'boolean') throw badRequest('INVALID_FILTER');
      base = base.where('a.is_role', '=', filter.value);
    }
    let rows = base.select(['a.code', 'a.description', 'a.is_role']);
    // default: roles first, then feature authorities by code
    const specs = sort.length ? sort : [{ field: 'isRole' as const, dir: 'desc' as const }];
    for (const s of specs) rows = rows.orderBy(SORT_COLUMN[s.field], s.dir);
    const page_ = await rows.orderBy('a.code').limit(size).offset(page * size).execute();
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
