import { landingPath, roleGuard } from '@circula/model';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { NotFoundPage } from '../../features/errors/NotFoundPage';
import { getEnvironment } from '../environment';
import { notifyWarning } from '../notifications';
import { logout } from './session';
import { useCurrentUser } from './useAuth';

/** Where the sign-on guard came from, so that login can land there. */
export interface FromState {
  from?: string;
}

export interface RouteHandle {
  notFound?: boolean;
  /**
   * The query parameter of an emailed link (the registration's `u`): a visitor who follows the
   * link has no session yet, and the page itself checks the link with the server.
   */
  openWithLink?: string;
}

/**
 * Sign-on guard: without a user, go to the login page remembering the requested location.
 * An unknown path shows the not-found page to anyone (it is not worth a login), and a page opened
 * from an emailed link (`openWithLink`) shows without a session.
 */
export function SignOnGuard() {
  const user = useCurrentUser();
  const location = useLocation();
  const handles = useMatches().map((m) => m.handle as RouteHandle | undefined);
  const notFound = handles.some((h) => h?.notFound);
  const link = handles.find((h) => h?.openWithLink)?.openWithLink;
  if (user) return <Outlet />;
  if (link && new URLSearchParams(location.search).has(link)) return <Outlet />;
  if (notFound) return <NotFoundPage />;
  const from = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={getEnvironment().loginPath} replace state={{ from } satisfies FromState} />;
}

/** Role guard of the model: ON_BOARD users go to registration; back-office access is required. */
export function RoleGuard() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const decision = user ? roleGuard(user, pathname) : ({ kind: 'allow' } as const);
  const loggingOut = useRef(false);

  useEffect(() => {
    if (decision.kind !== 'logout' || loggingOut.current) return;
    loggingOut.current = true;
    notifyWarning(t('AUTH.ERRORS.NO_BACKOFFICE_ACCESS'));
    void logout().finally(() => {
      loggingOut.current = false;
    });
  }, [decision.kind, t]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'logout') return null;
  return <Outlet />;
}

/** Empty path: the logged-in home, or the login page (without a remembered location, so login lands by role). */
export function RootRedirect() {
  const user = useCurrentUser();
  const env = getEnvironment();
  return <Navigate to={user ? env.loggedInPath : env.loginPath} replace />;
}

/**
 * Public-only pages (login): a signed-in user goes to `/`, except right after signing in on this
 * page, when the user lands on the remembered location or the landing path of their roles.
 */
export function usePostLoginTarget(): { target: string | null; signedIn: (user: { authorities: readonly string[] }) => void } {
  const location = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  const from = (location.state as FromState | null)?.from;
  return {
    target,
    signedIn: (user) => setTarget(from ?? landingPath(user, getEnvironment().loggedInPath)),
  };
}
