import { describe, expect, it } from 'vitest';
import type { SecurityUser } from './security-api';
import { changesSomething, createUserPayload, passwordAnswer, updateUserPayload, userFormValues } from './user-form';
import { groupDeletable } from './GroupDrawer';
import { userPageButtons } from './UsersPage';

const user = (values: Partial<SecurityUser> = {}): SecurityUser => ({
  id: 7,
  username: 'anna',
  email: 'anna@example.org',
  firstName: 'Anna',
  lastName: 'Bianchi',
  fullname: 'Anna Bianchi',
  lang: 'it',
  enabled: true,
  passwordTemporary: false,
  mustInitialize: false,
  passwordChangedAt: null,
  lastLoginAt: null,
  groups: [
    { code: 'OPERATORS', name: 'Operatori' },
    { code: 'CUSTOMERS', name: 'Clienti' },
  ],
  roles: ['ROLE_USER'],
  authorities: ['ROLE_USER', 'RDR_R'],
  version: 3,
  createdAt: null,
  updatedAt: null,
  ...values,
});

describe('user form', () => {
  it('creates with trimmed texts and the chosen groups', () => {
    expect(
      createUserPayload({ username: ' mario ', email: ' m@example.org ', firstName: ' Mario', lastName: 'Rossi ', lang: 'en', groups: ['OPERATORS'] }),
    ).toEqual({ username: 'mario', email: 'm@example.org', firstName: 'Mario', lastName: 'Rossi', lang: 'en', groups: ['OPERATORS'] });
  });

  it('updates only what changed, with the version; groups in another order are no change', () => {
    const loaded = user();
    const same = { ...userFormValues(loaded), groups: ['CUSTOMERS', 'OPERATORS'] };
    expect(updateUserPayload(loaded, same)).toEqual({ version: 3 });
    expect(changesSomething(updateUserPayload(loaded, same))).toBe(false);

    const changed = updateUserPayload(loaded, { ...same, firstName: ' Annalisa ', lang: 'en', groups: ['OPERATORS'] });
    expect(changed).toEqual({ version: 3, firstName: 'Annalisa', lang: 'en', groups: ['OPERATORS'] });
    expect(changesSomething(changed)).toBe(true);
  });

  it('treats a missing email or name as empty text', () => {
    const loaded = user({ email: null, firstName: null });
    expect(userFormValues(loaded)).toMatchObject({ email: '', firstName: '' });
    expect(updateUserPayload(loaded, { ...userFormValues(loaded), email: 'new@example.org' })).toEqual({ version: 3, email: 'new@example.org' });
  });

  it('shows the password answer as the server gave it', () => {
    expect(passwordAnswer({ ...user(), temporaryPassword: 'Xy7#abcdefgh' })).toEqual({ kind: 'password', password: 'Xy7#abcdefgh' });
    expect(passwordAnswer({ ...user(), message: 'PASSWORD_MAILED' })).toEqual({ kind: 'message', message: 'PASSWORD_MAILED' });
    expect(passwordAnswer('OK')).toEqual({ kind: 'message', message: 'OK' });
    expect(passwordAnswer(user())).toEqual({ kind: 'none' });
    expect(passwordAnswer(null)).toEqual({ kind: 'none' });
  });
});

describe('permission-dependent buttons', () => {
  it('users page: New and the registration link need the create right, editing the write right', () => {
    const none = { canRead: true, canCreate: false, canWrite: false, canDelete: false };
    expect(userPageButtons(none, true)).toEqual({ create: false, edit: false, registrationLink: false });
    expect(userPageButtons({ ...none, canCreate: true, canWrite: true }, true)).toEqual({ create: true, edit: true, registrationLink: true });
    // only administrators and managers invite collaborators (system menu rule)
    expect(userPageButtons({ ...none, canCreate: true, canWrite: true }, false).registrationLink).toBe(false);
  });

  it('groups: delete needs the right, no members, and never the administrators group', () => {
    expect(groupDeletable({ code: 'EXTRA', memberCount: 0 }, true)).toEqual({ allowed: true, reason: null });
    expect(groupDeletable({ code: 'EXTRA', memberCount: 0 }, false)).toEqual({ allowed: false, reason: null });
    expect(groupDeletable({ code: 'EXTRA', memberCount: 2 }, true)).toEqual({ allowed: false, reason: 'GROUP_HAS_MEMBERS' });
    expect(groupDeletable({ code: 'ADMINISTRATORS', memberCount: 0 }, true)).toEqual({ allowed: false, reason: 'CANT_DELETE_ADMINISTRATORS' });
  });
});
