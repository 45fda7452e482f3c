import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { AppProviders } from '../AppProviders';
import type { CurrentUser } from '../auth/user-store';
import { SideMenu } from './SideMenu';

const logistic: CurrentUser = {
  id: 4,
  username: 'logistica',
  fullname: 'Luca Verdi',
  email: null,
  lang: 'it',
  token: 't',
  tokenExpiresAt: '2099-01-01T00:00:00Z',
  authorities: ['ROLE_LOGISTIC', 'ACCESS_BACKOFFICE'],
  roles: ['ROLE_LOGISTIC', 'ACCESS_BACKOFFICE'],
  subjectId: null,
  subjects: [],
};

function renderMenu(path: string, readable: string[]) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <SideMenu user={logistic} readable={new Set(readable)} confs={new Map()} collapsed={false} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('side menu', () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  it('keeps one hidden element per entry of a closed group and shows it when the group opens', () => {
    renderMenu('/dashboard', ['dashboard', 'transport', 'treatments', 'warehouses-cdr']);
    const transport = screen.getAllByTestId('menu-item-transport');
    expect(transport).toHaveLength(1);
    expect(transport[0]!.style.display).toBe('none');
    // logistic users have no logistic warehouse section even when the area is readable
    expect(screen.queryByTestId('menu-item-warehouses-cdr')).toBeNull();

    fireEvent.click(screen.getByText('Processo di magazzino'));
    expect(screen.getByTestId('menu-item-transport').style.display).toBe('');
  });

  it('opens the group of the current area and marks its entry selected', () => {
    renderMenu('/transport/7/edit', ['dashboard', 'transport']);
    const transport = screen.getByTestId('menu-item-transport');
    expect(transport.style.display).toBe('');
    expect(transport.className).toContain('ant-menu-item-selected');
  });
});
