import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { AreaMode } from '../../records/AreaPlaceholderPage';
import { AdminArea, type AreaRights } from './AreaGuard';

interface PageProps {
  mode: AreaMode;
  rights: AreaRights;
}

/** Each page in its own chunk, fetched on first use (after the guard let the user in). */
const named = <K extends string>(load: () => Promise<Record<K, ComponentType<PageProps>>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const UsersPage = named(() => import('./UsersPage'), 'UsersPage');
const GroupsPage = named(() => import('./GroupsPage'), 'GroupsPage');
const AuthoritiesPage = named(() => import('./AuthoritiesPage'), 'AuthoritiesPage');
const SessionsPage = named(() => import('./SessionsPage'), 'SessionsPage');
const MailOutboxPage = named(() => import('../mail/MailOutboxPage'), 'MailOutboxPage');

/**
 * Areas with a page of their own instead of the generic record pages: the security
 * administration and the mail outbox. The area's guard answers first (403 without loading the
 * page); every sub-route of the area (`/new`, `/:id`, `/:id/edit`) shows the same page, which
 * opens the drawer the path names.
 */
const OWN_AREA_PAGES: Record<string, ComponentType<PageProps>> = {
  users: UsersPage,
  groups: GroupsPage,
  authorities: AuthoritiesPage,
  sessions: SessionsPage,
  'mail-outbox': MailOutboxPage,
};

function OwnAreaPage({ route, mode, Page }: { route: string; mode: AreaMode; Page: ComponentType<PageProps> }): ReactNode {
  return (
    <AdminArea route={route}>
      {(rights) => (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
          <Page mode={mode} rights={rights} />
        </Suspense>
      )}
    </AdminArea>
  );
}

/** The page of an area that has one of its own, else undefined. */
export function ownAreaPage(route: string, mode: AreaMode): Pick<RouteObject, 'element'> | undefined {
  const Page = OWN_AREA_PAGES[route];
  return Page ? { element: <OwnAreaPage route={route} mode={mode} Page={Page} /> } : undefined;
}
