import { AREAS, SIDE_MENU, SYSTEM_MENU } from '@circula/model';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/user-store';
import { hasIcon } from './icons';
import { composeMenu, labelText, menuLinks, type MenuConfs, type NavEntry } from './menu-model';

const everyRoute: ReadonlySet<string> = new Set(AREAS.map((a) => a.route));

function userWith(authorities: string[], extra: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 42,
    username: 'u',
    fullname: 'U',
    email: null,
    lang: 'it',
    token: 't',
    tokenExpiresAt: '2099-01-01T00:00:00Z',
    authorities,
    roles: authorities,
    subjectId: 5,
    subjects: [],
    ...extra,
  };
}

const keys = (entries: NavEntry[]) => entries.map((e) => e.key);
const routes = (entries: NavEntry[]) => menuLinks(entries).map((l) => l.route);
const group = (entries: NavEntry[], key: string) => entries.find((e) => e.kind === 'group' && e.key === key);

describe('menus from the server configuration of each route', () => {
  const admin = userWith(['ROLE_ADMIN', 'ACCESS_BACKOFFICE']);
  const conf = (route: string, label: string, icon: string, isVisible = true) => [route, { menu: { icon, label, path: `/${route}`, group: null, isVisible } }] as const;

  it("shows an administrator's label and icon, and leaves out what they hid from the menu", () => {
    const confs: MenuConfs = new Map([conf('vehicles', 'Flotta', 'CarOutlined'), conf('waste', 'Rifiuti', 'DeleteOutlined', false)]);
    const links = menuLinks(composeMenu(SYSTEM_MENU, admin, everyRoute, 'system', confs));
    const vehicles = links.find((l) => l.route === 'vehicles')!;
    expect(vehicles.icon).toBe('CarOutlined');
    expect(labelText(vehicles.label, (k) => k, 'it')).toBe('Flotta');
    expect(links.some((l) => l.route === 'waste')).toBe(false);
    // routes the configuration does not name keep the catalogue's label and icon
    expect(links.find((l) => l.route === 'materials')?.icon).toBe(AREAS.find((a) => a.route === 'materials')!.icon);
  });
});

describe('side menu', () => {
  it('hides the owner and requester entries from owners and shows them the company entry', () => {
    const owner = userWith(['ROLE_OWNER', 'ACCESS_BACKOFFICE'], { subjects: [{ id: 9, rootId: 3 }] });
    const menu = composeMenu(SIDE_MENU, owner, everyRoute, 'side');
    expect(routes(menu)).not.toContain('owner');
    expect(routes(menu)).not.toContain('requester');
    expect(routes(menu)).toContain('customers');
    const company = menuLinks(menu).find((l) => l.key === 'company');
    expect(company).toMatchObject({ path: '/requester/3', testId: 'menu-item-company' });
  });

  it('hides owner and requester from subscribers (ROLE_SUPPLIER) as well', () => {
    const menu = composeMenu(SIDE_MENU, userWith(['ROLE_SUPPLIER', 'ACCESS_BACKOFFICE']), everyRoute, 'side');
    expect(routes(menu)).not.toContain('owner');
    expect(routes(menu)).not.toContain('requester');
  });

  it('shows owner and requester and no company entry to an operator', () => {
    const menu = composeMenu(SIDE_MENU, userWith(['ROLE_USER', 'ACCESS_BACKOFFICE']), everyRoute, 'side');
    expect(routes(menu)).toEqual(expect.arrayContaining(['owner', 'requester']));
    expect(keys(menu)).not.toContain('company');
  });

  it("points an owner without a subject at the DEFAULT business unit's company", () => {
    const owner = userWith(['ROLE_OWNER', 'ACCESS_BACKOFFICE'], { subjectId: null, subjects: [] });
    const company = menuLinks(composeMenu(SIDE_MENU, owner, everyRoute, 'side')).find((l) => l.key === 'company');
    expect(company).toMatchObject({ path: '/company', testId: 'menu-item-company' });
  });

  it('gives logistic users no logistic group', () => {
    const menu = composeMenu(SIDE_MENU, userWith(['ROLE_LOGISTIC', 'ACCESS_BACKOFFICE']), everyRoute, 'side');
    expect(group(menu, 'logistic')).toBeUndefined();
    expect(routes(menu)).not.toContain('warehouses-cdr');
    expect(group(composeMenu(SIDE_MENU, userWith(['ROLE_USER']), everyRoute, 'side'), 'logistic')).toBeDefined();
  });

  it('keeps only readable routes and drops groups left empty', () => {
    const readable = new Set(['dashboard', 'rdr', 'transport']);
    const menu = composeMenu(SIDE_MENU, userWith(['ROLE_USER']), readable, 'side');
    expect(routes(menu)).toEqual(['dashboard', 'rdr', 'transport']);
    expect(keys(menu)).toEqual(['dashboard', 'transactions', 'process']);
  });

  it('names entries with the test ids and paths of their routes', () => {
    const menu = composeMenu(SIDE_MENU, userWith(['ROLE_USER']), new Set(['rdr']), 'side');
    expect(menuLinks(menu)[0]).toMatchObject({ path: '/rdr', testId: 'menu-item-rdr', label: { area: { it: 'Richieste di ritiro' } } });
  });
});

describe('system menu', () => {
  const securityRoutes = (authorities: string[]) => {
    const g = group(composeMenu(SYSTEM_MENU, userWith(authorities), everyRoute, 'system'), 'security');
    return g?.kind === 'group' ? g.children.map((c) => c.route) : [];
  };

  it('shows groups, authorities and sessions under security to administrators only', () => {
    expect(securityRoutes(['ROLE_ADMIN'])).toEqual(['users', 'groups', 'authorities', 'sessions']);
    expect(securityRoutes(['ROLE_MANAGER', 'ACCESS_BACKOFFICE'])).toEqual(['users']);
  });

  it('hides the admin-or-manager sections from other users but keeps profile, password and logout', () => {
    const menu = composeMenu(SYSTEM_MENU, userWith(['ROLE_USER', 'ACCESS_BACKOFFICE']), everyRoute, 'system');
    expect(keys(menu)).toEqual(['profile', 'change-password', 'master-data', 'logout']);
    expect(menu[0]).toMatchObject({ path: '/profile/42', testId: 'system-menu-profile' });
    expect(menu.at(-1)).toMatchObject({ kind: 'action', testId: 'system-menu-logout' });
    expect(menuLinks(menu).every((l) => l.route === null || l.testId === `system-menu-item-${l.route}`)).toBe(true);
  });
});

describe('icons', () => {
  it('has an icon for every area and menu group', () => {
    const names = [...AREAS.map((a) => a.icon), ...[...SIDE_MENU, ...SYSTEM_MENU].flatMap((m) => (m.kind === 'group' ? [m.icon] : []))];
    expect(names.filter((n) => !hasIcon(n))).toEqual([]);
  });
});
