import type { EntityConf } from '@circula/model';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useReadableRoutes } from '../app/auth/useReadableRoutes';
import { AreaForbidden, AreaLoadError } from './AreaResults';

/** No right at all: what an area conf says when it is missing. */
const NO_RIGHTS = { canRead: false, canCreate: false, canWrite: false, canDelete: false } as const;

export type AreaRights = Pick<EntityConf, 'canRead' | 'canCreate' | 'canWrite' | 'canDelete'>;

/**
 * The guard of an area with a page of its own: 403 unless the server lets the user read it
 * (spec §6), else the page with the user's rights on it (the buttons follow them; the server
 * checks again).
 */
export function AreaGuard({ route, children }: { route: string; children(rights: AreaRights): ReactNode }) {
  const readable = useReadableRoutes();
  if (readable.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (readable.isError) return <AreaLoadError />;
  if (!readable.routes.has(route)) return <AreaForbidden />;
  const conf = readable.entities.find((e) => e.route === route);
  return <>{children(conf ?? NO_RIGHTS)}</>;
}
