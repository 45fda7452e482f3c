import type { PermissionCheckerName, Role } from '@circula/model';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER } from '../../test/harness';
import { Can, Cannot } from './Permission';
import { userStore } from './user-store';

const signIn = (...authorities: string[]) => userStore.set({ ...ADMIN_USER, authorities, roles: authorities });

describe('permission components (spec §5, §6)', () => {
  afterEach(() => userStore.clear());

  it('Can shows its children when the named checker passes, else the fallback', () => {
    signIn('ROLE_MANAGER', 'ACCESS_BACKOFFICE');
    render(
      <>
        <Can check="isAdminOrManager">
          <span data-testid="manager-content" />
        </Can>
        <Can check="isAdmin" fallback={<span data-testid="not-admin" />}>
          <span data-testid="admin-content" />
        </Can>
      </>,
    );
    expect(screen.queryByTestId('manager-content')).not.toBeNull();
    expect(screen.queryByTestId('admin-content')).toBeNull();
    expect(screen.queryByTestId('not-admin')).not.toBeNull();
  });

  it('Cannot shows its children to users without the role and to administrators', () => {
    signIn('ROLE_OWNER');
    const { rerender } = render(
      <Cannot role={['ROLE_OWNER', 'ROLE_SUPPLIER']}>
        <span data-testid="requester-entry" />
      </Cannot>,
    );
    expect(screen.queryByTestId('requester-entry')).toBeNull();
    signIn('ROLE_OWNER', 'ROLE_ADMIN');
    rerender(
      <Cannot role={['ROLE_OWNER', 'ROLE_SUPPLIER']}>
        <span data-testid="requester-entry" />
      </Cannot>,
    );
    expect(screen.queryByTestId('requester-entry')).not.toBeNull();
  });

  it('shows nothing to a signed-out visitor', () => {
    render(
      <Cannot role="ROLE_OWNER">
        <span data-testid="content" />
      </Cannot>,
    );
    expect(screen.queryByTestId('content')).toBeNull();
  });

  it('raises an error for an unknown checker or role', () => {
    signIn('ROLE_ADMIN');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Can check={'isWizard' as PermissionCheckerName}>x</Can>)).toThrow(/unknown permission checker "isWizard"/);
      expect(() => render(<Cannot role={'ROLE_WIZARD' as Role}>x</Cannot>)).toThrow(/unknown permission checker/);
    } finally {
      quiet.mockRestore();
    }
  });
});
