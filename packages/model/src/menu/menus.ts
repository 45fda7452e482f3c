import { allows, type PermissionRule } from '../security/checkers.js';
import type { HasAuthorities } from '../security/roles.js';

/**
 * The side menu and the system menu of spec §2, with the visibility rules of spec §2 and §6.
 * An entry that names a route is shown only when that route's area is readable by the user
 * (the server says so in `/api/entityconf/visible`) *and* its own rule allows it. A rule names a
 * permission checker (`{ can: 'isAdmin' }`) or lists the roles of the `cannot` checker.
 */
export type MenuRule = PermissionRule;

export interface MenuLeaf {
  kind: 'route';
  key: string;
  /** Area route; the path is `/${route}`. */
  route: string;
  rule?: MenuRule;
}

export interface MenuSpecial {
  kind: 'company' | 'profile' | 'logout' | 'change-password';
  key: string;
  rule?: MenuRule;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  icon: string;
  children: MenuLeaf[];
  rule?: MenuRule;
}

export type MenuItem = MenuLeaf | MenuSpecial | MenuGroup;

const route = (r: string, rule?: MenuRule): MenuLeaf => ({ kind: 'route', key: r, route: r, ...(rule ? { rule } : {}) });
/** spec §2/§6: owner and requester entries are not for owners and subscribers (ROLE_SUPPLIER is the subscriber's alias). */
const notOwnerOrSubscriber: MenuRule = { cannot: ['ROLE_OWNER', 'ROLE_SUBSCRIBER', 'ROLE_SUPPLIER'] };
const notLogistic: MenuRule = { cannot: ['ROLE_LOGISTIC'] };
const onlyOwner: MenuRule = { can: 'isOwner' };
const isAdmin: MenuRule = { can: 'isAdmin' };
const isAdminOrManager: MenuRule = { can: 'isAdminOrManager' };

export const SIDE_MENU: MenuItem[] = [
  route('dashboard'),
  { kind: 'group', key: 'transactions', icon: 'InboxOutlined', children: [route('rdr'), route('rdt'), route('ppc'), route('r3t'), route('ur')] },
  route('msa'),
  route('sampling'),
  route('area'),
  { kind: 'group', key: 'process', icon: 'CarOutlined', children: [route('transport'), route('transaction-documents'), route('treatments')] },
  { kind: 'group', key: 'movements', icon: 'RetweetOutlined', children: [route('warehouse-movements'), route('displacements'), route('movement-requests')] },
  {
    kind: 'group',
    key: 'stakeholders',
    icon: 'TeamOutlined',
    children: [
      route('intermediary'),
      route('trnintm'),
      route('owner', notOwnerOrSubscriber),
      route('requester', notOwnerOrSubscriber),
      route('registry'),
      route('transporters'),
      route('customers'),
    ],
  },
  {
    kind: 'group',
    key: 'logistic',
    icon: 'HomeOutlined',
    rule: notLogistic,
    children: [route('warehouses-cdr'), route('warehouses-service'), route('warehouses-pdp')],
  },
  { kind: 'company', key: 'company', rule: onlyOwner },
  { kind: 'group', key: 'company-menu', icon: 'BankOutlined', children: [route('collaborators'), route('documents'), route('job')] },
];

export const SYSTEM_MENU: MenuItem[] = [
  { kind: 'profile', key: 'profile' },
  { kind: 'change-password', key: 'change-password' },
  { kind: 'group', key: 'user-data', icon: 'MailOutlined', rule: isAdminOrManager, children: [route('communications'), route('mail-outbox'), route('notices'), route('notes')] },
  {
    kind: 'group',
    key: 'master-data',
    icon: 'DatabaseOutlined',
    children: [route('subjects'), route('waste'), route('materials'), route('load-unit'), route('biz-services'), route('vehicles')],
  },
  {
    kind: 'group',
    key: 'security',
    icon: 'SafetyOutlined',
    rule: isAdminOrManager,
    children: [route('users'), route('groups', isAdmin), route('authorities', isAdmin), route('sessions', isAdmin)],
  },
  {
    kind: 'group',
    key: 'templates',
    icon: 'FileTextOutlined',
    rule: isAdminOrManager,
    children: [route('email-templates'), route('print-templates'), route('service-agreements'), route('privacy-definitions')],
  },
  {
    kind: 'group',
    key: 'configuration',
    icon: 'SettingOutlined',
    rule: isAdminOrManager,
    children: [
      route('tags'),
      route('tables'),
      route('business-units'),
      route('cms-structures'),
      route('cms-resources'),
      route('entityconf', isAdmin),
      route('scheduler'),
      route('sysregistry', isAdmin),
      route('icons', isAdmin),
    ],
  },
  {
    kind: 'group',
    key: 'monitor',
    icon: 'LineChartOutlined',
    rule: isAdminOrManager,
    children: [route('monitor-errors'), route('monitor-performance'), route('monitor-security'), route('monitor-usability')],
  },
  { kind: 'logout', key: 'logout' },
];

/**
 * The menu as one user sees it: rules applied, routes kept only when readable, groups kept only
 * when at least one child survives.
 */
export function visibleMenu(items: MenuItem[], user: HasAuthorities, readableRoutes: ReadonlySet<string>): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.rule && !allows(user, item.rule)) continue;
    if (item.kind === 'route') {
      if (readableRoutes.has(item.route)) out.push(item);
    } else if (item.kind === 'group') {
      const children = item.children.filter((c) => (!c.rule || allows(user, c.rule)) && readableRoutes.has(c.route));
      if (children.length > 0) out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

export const COMPANY_FOOTER = 'Circula — gestione rifiuti e logistica';
export const RIGHTS_LINE = `© ${2026} Circula. Tutti i diritti riservati.`;
