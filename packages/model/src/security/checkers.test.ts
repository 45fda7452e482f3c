import { describe, expect, it } from 'vitest';
import { SIDE_MENU, visibleMenu, type MenuItem } from '../menu/menus.js';
import { allows, can, cannot, permissionChecker, UnknownPermissionCheckerError, type PermissionCheckerName } from './checkers.js';
import type { Role } from './roles.js';

const user = (...authorities: string[]) => ({ authorities });

describe('named permission checkers (spec §3, §5, §6)', () => {
  it('answer the checks of the current user by name', () => {
    expect(can(user('ROLE_ADMIN'), 'isAdmin')).toBe(true);
    expect(can(user('ROLE_MANAGER'), 'isAdmin')).toBe(false);
    expect(can(user('ROLE_MANAGER'), 'isAdminOrManager')).toBe(true);
    expect(can(user('ON_BOARD'), 'isInRegistration')).toBe(true);
    expect(can(user('ROLE_USER'), 'isCollaborator')).toBe(true);
    expect(can(user('ROLE_USER', 'ON_BOARD'), 'isCollaborator')).toBe(false);
    expect(can(user('ROLE_SUPPLIER'), 'isOwnerOrSubscriber')).toBe(true);
    expect(can(user('ROLE_OWNER'), 'isOwner')).toBe(true);
    expect(permissionChecker('isManager')(user('ROLE_MANAGER'))).toBe(true);
  });

  it('raise an error for an unknown checker name, never a silent no', () => {
    expect(() => permissionChecker('isSuperUser')).toThrow(UnknownPermissionCheckerError);
    expect(() => permissionChecker('isSuperUser')).toThrow(/unknown permission checker "isSuperUser"/);
    // names of Object.prototype are not checkers either
    expect(() => permissionChecker('toString')).toThrow(UnknownPermissionCheckerError);
    expect(() => allows(user('ROLE_ADMIN'), { can: 'hasEverything' as PermissionCheckerName })).toThrow(UnknownPermissionCheckerError);
  });

  it("'cannot' shows content to administrators and to users without the role", () => {
    expect(cannot(user('ROLE_USER'), 'ROLE_OWNER')).toBe(true);
    expect(cannot(user('ROLE_OWNER'), 'ROLE_OWNER')).toBe(false);
    expect(cannot(user('ROLE_OWNER', 'ROLE_ADMIN'), 'ROLE_OWNER')).toBe(true);
    expect(cannot(user('ROLE_SUPPLIER'), ['ROLE_OWNER', 'ROLE_SUPPLIER'])).toBe(false);
    expect(cannot(user('ROLE_CUSTOMER'), ['ROLE_OWNER', 'ROLE_SUPPLIER'])).toBe(true);
  });

  it("'cannot' refuses an unknown role or no role at all", () => {
    expect(() => cannot(user('ROLE_USER'), 'ROLE_NOBODY' as Role)).toThrow(UnknownPermissionCheckerError);
    expect(() => cannot(user('ROLE_USER'), [])).toThrow(UnknownPermissionCheckerError);
  });

  it('drive the menu rules: an administrator who is also an owner still sees the owner and requester entries', () => {
    const keys = (items: MenuItem[]) => items.flatMap((i) => (i.kind === 'group' ? i.children.map((c) => c.key) : [i.key]));
    const readable = new Set(['owner', 'requester', 'rdr']);
    expect(keys(visibleMenu(SIDE_MENU, user('ROLE_OWNER'), readable))).not.toContain('owner');
    expect(keys(visibleMenu(SIDE_MENU, user('ROLE_OWNER', 'ROLE_ADMIN'), readable))).toEqual(expect.arrayContaining(['owner', 'requester']));
    // a rule naming an unknown checker fails loudly
    const broken: MenuItem[] = [{ kind: 'route', key: 'rdr', route: 'rdr', rule: { can: 'isWizard' as PermissionCheckerName } }];
    expect(() => visibleMenu(broken, user('ROLE_USER'), readable)).toThrow(UnknownPermissionCheckerError);
  });
});
