import { describe, expect, it } from 'vitest';
import { AREAS } from '../catalogue/areas.js';
import { BASE_GROUPS, groupAuthorities } from '../security/groups.js';
import { authority } from '../security/authorities.js';
import { SIDE_MENU, SYSTEM_MENU, visibleMenu, type MenuItem } from './menus.js';

const userOf = (groupCode: string) => ({ authorities: groupAuthorities(BASE_GROUPS.find((g) => g.code === groupCode)!) });
const readable = (user: { authorities: string[] }) =>
  new Set(
    AREAS.filter((a) => a.authority === null || user.authorities.includes('ROLE_ADMIN') || user.authorities.includes(authority(a.authority, 'R'))).map((a) => a.route),
  );
const keys = (items: MenuItem[]): string[] => items.flatMap((i) => (i.kind === 'group' ? [i.key, ...i.children.map((c) => c.key)] : [i.key]));

describe('menus', () => {
  it('names only routes of the catalogue', () => {
    const routes = new Set(AREAS.map((a) => a.route));
    const all = [...SIDE_MENU, ...SYSTEM_MENU].flatMap((i) => (i.kind === 'group' ? i.children : i.kind === 'route' ? [i] : []));
    expect(all.filter((leaf) => !routes.has(leaf.route))).toEqual([]);
  });

  it('hides the owner and requester entries from owners, and shows them the company entry', () => {
    const owner = userOf('OWNERS');
    const side = keys(visibleMenu(SIDE_MENU, owner, readable(owner)));
    expect(side).not.toContain('owner');
    expect(side).not.toContain('requester');
    expect(side).toContain('company');
    expect(side).toContain('rdr');
  });

  it('shows the company entry to owners only', () => {
    const manager = userOf('MANAGERS');
    expect(keys(visibleMenu(SIDE_MENU, manager, readable(manager)))).not.toContain('company');
    expect(keys(visibleMenu(SIDE_MENU, manager, readable(manager)))).toContain('owner');
  });

  it('hides the logistic warehouse section from logistic users', () => {
    const logistic = userOf('LOGISTICS');
    const side = keys(visibleMenu(SIDE_MENU, logistic, readable(logistic)));
    expect(side).not.toContain('logistic');
    expect(side).not.toContain('warehouses-cdr');
    expect(side).toContain('transport');
    const operator = userOf('OPERATORS');
    expect(keys(visibleMenu(SIDE_MENU, operator, readable(operator)))).toContain('warehouses-cdr');
  });

  it('keeps groups, authorities, sessions, sys registry, icons and entity conf for administrators', () => {
    const admin = userOf('ADMINISTRATORS');
    const manager = userOf('MANAGERS');
    const adminKeys = keys(visibleMenu(SYSTEM_MENU, admin, readable(admin)));
    const managerKeys = keys(visibleMenu(SYSTEM_MENU, manager, readable(manager)));
    for (const adminOnly of ['groups', 'authorities', 'sessions', 'sysregistry', 'icons', 'entityconf']) {
      expect(adminKeys).toContain(adminOnly);
      expect(managerKeys).not.toContain(adminOnly);
    }
    expect(managerKeys).toEqual(expect.arrayContaining(['security', 'users', 'configuration', 'monitor', 'templates', 'user-data']));
  });

  it('shows the mail outbox under user data to administrators and managers only', () => {
    for (const code of ['ADMINISTRATORS', 'MANAGERS']) {
      const user = userOf(code);
      const userData = visibleMenu(SYSTEM_MENU, user, readable(user)).find((i) => i.key === 'user-data');
      expect(userData).toMatchObject({ kind: 'group' });
      expect(userData?.kind === 'group' && userData.children.map((c) => c.key)).toContain('mail-outbox');
    }
    const operator = userOf('OPERATORS');
    expect(readable(operator).has('mail-outbox')).toBe(false);
    expect(keys(visibleMenu(SYSTEM_MENU, operator, readable(operator)))).not.toContain('mail-outbox');
  });

  it('keeps the admin-or-manager sections from operators even if they could read an entry', () => {
    const operator = userOf('OPERATORS');
    const everything = new Set(AREAS.map((a) => a.route));
    const system = keys(visibleMenu(SYSTEM_MENU, operator, everything));
    for (const section of ['user-data', 'security', 'templates', 'configuration', 'monitor']) expect(system).not.toContain(section);
    expect(system).toEqual(expect.arrayContaining(['profile', 'change-password', 'master-data', 'logout']));
  });

  it('drops a group whose children are all unreadable', () => {
    const customer = userOf('CUSTOMERS');
    const side = visibleMenu(SIDE_MENU, customer, readable(customer));
    // customers read transports' FIRs (their own loads' documents, which they sign) but no movement
    expect(side.find((i) => i.key === 'movements')).toBeUndefined();
    expect(side.find((i) => i.key === 'transactions')).toMatchObject({ kind: 'group', children: [{ route: 'rdr' }] });
  });
});
