import {
  companyPath,
  findArea,
  visibleMenu,
  type AreaDefinition,
  type EntityConf,
  type MenuItem,
  type MenuLeaf,
} from '@circula/model';
import type { CurrentUser } from '../auth/user-store';

/**
 * The menus of spec §2 as one user sees them, ready to render: the model decides visibility
 * (visibleMenu), this adds paths, labels, icons and the test ids the browser tests rely on.
 */
export type NavLabel = { i18nKey: string } | { area: AreaDefinition['label'] } | { text: string };

/**
 * The server's configuration of each readable route (`/api/entityconf/visible`): its menu label,
 * icon and visibility, with an administrator's entity-configuration overrides already applied.
 */
export type MenuConfs = ReadonlyMap<string, Pick<EntityConf, 'menu'>>;

export interface NavLink {
  kind: 'link';
  key: string;
  path: string;
  /** The area route, for entries that open an area. */
  route: string | null;
  icon: string;
  label: NavLabel;
  testId: string;
}

export interface NavAction {
  kind: 'action';
  key: 'logout' | 'change-password';
  icon: string;
  label: NavLabel;
  testId: string;
}

export interface NavGroup {
  kind: 'group';
  key: string;
  icon: string;
  label: NavLabel;
  children: NavLink[];
}

export type NavEntry = NavLink | NavAction | NavGroup;

export type MenuScope = 'side' | 'system';

function areaLink(leaf: MenuLeaf, scope: MenuScope, confs: MenuConfs | undefined): NavLink {
  const area = findArea(leaf.route);
  const menu = confs?.get(leaf.route)?.menu;
  return {
    kind: 'link',
    key: leaf.key,
    path: `/${leaf.route}`,
    route: leaf.route,
    icon: menu?.icon ?? area?.icon ?? 'AppstoreOutlined',
    label: menu ? { text: menu.label } : area ? { area: area.label } : { i18nKey: `MENU.ITEMS.${leaf.route}` },
    testId: scope === 'side' ? `menu-item-${leaf.route}` : `system-menu-item-${leaf.route}`,
  };
}

function toEntry(item: MenuItem, user: CurrentUser, scope: MenuScope, confs: MenuConfs | undefined): NavEntry | null {
  switch (item.kind) {
    case 'route':
      return areaLink(item, scope, confs);
    case 'group':
      return {
        kind: 'group',
        key: item.key,
        icon: item.icon,
        label: { i18nKey: `MENU.GROUPS.${item.key}` },
        children: item.children.map((child) => areaLink(child, scope, confs)),
      };
    case 'company': {
      const path = companyPath(user);
      return path
        ? { kind: 'link', key: item.key, path, route: null, icon: 'BankOutlined', label: { i18nKey: 'MENU.COMPANY' }, testId: 'menu-item-company' }
        : null;
    }
    case 'profile':
      return {
        kind: 'link',
        key: item.key,
        path: `/profile/${user.id}`,
        route: null,
        icon: 'UserOutlined',
        label: { i18nKey: 'SYSTEM_MENU.PROFILE' },
        testId: 'system-menu-profile',
      };
    case 'change-password':
      return { kind: 'action', key: 'change-password', icon: 'KeyOutlined', label: { i18nKey: 'SYSTEM_MENU.CHANGE_PASSWORD' }, testId: 'system-menu-change-password' };
    case 'logout':
      return { kind: 'action', key: 'logout', icon: 'LogoutOutlined', label: { i18nKey: 'SYSTEM_MENU.LOGOUT' }, testId: 'system-menu-logout' };
  }
}

/**
 * The menu one user sees. With the server's route configurations (`confs`) each entry takes their
 * label and icon, and a route an administrator hid from the menu is left out.
 */
export function composeMenu(items: MenuItem[], user: CurrentUser, readable: ReadonlySet<string>, scope: MenuScope, confs?: MenuConfs): NavEntry[] {
  const shown = confs ? new Set([...readable].filter((route) => confs.get(route)?.menu.isVisible !== false)) : readable;
  return visibleMenu(items, user, shown)
    .map((item) => toEntry(item, user, scope, confs))
    .filter((entry): entry is NavEntry => entry !== null);
}

/** Every area link of a composed menu, groups flattened (dashboard shortcuts, selection). */
export function menuLinks(entries: NavEntry[]): NavLink[] {
  return entries.flatMap((e) => (e.kind === 'group' ? e.children : e.kind === 'link' ? [e] : []));
}

export function labelText(label: NavLabel, t: (key: string) => string, language: string): string {
  if ('text' in label) return label.text;
  return 'i18nKey' in label ? t(label.i18nKey) : language === 'en' ? label.area.en : label.area.it;
}
