import { Spin } from 'antd';
import { createBrowserRouter, Outlet, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { loadWholeDictionary } from '../i18n';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { RoleGuard, RootRedirect, SignOnGuard, type RouteHandle } from './auth/guards';
import { setNavigator } from './navigation';
import { NavigationProgress } from './shell/NavigationProgress';

function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

const notFound: RouteHandle = { notFound: true };

/**
 * A lazy route's module together with the rest of the dictionary: the sign-in page downloads only its
 * own texts (issue 14), every page past it has all of them before it shows.
 */
const withTexts = async <T,>(load: () => Promise<T>): Promise<T> => (await Promise.all([load(), loadWholeDictionary()]))[0];

/** The shell's route: the areas' routes are added under it when first needed. */
const SHELL_ROUTE = 'shell';
const registration: RouteHandle = { openWithLink: 'u' };

/** The route table of spec §2 "Shell and routes". */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <Spin fullscreen />,
      children: [
        { index: true, element: <RootRedirect /> },
        { path: 'login', element: <LoginPage /> },
        { path: 'sso-callback', lazy: async () => ({ Component: (await withTexts(() => import('../features/auth/SsoCallbackPage'))).SsoCallbackPage }) },
        {
          path: 'change-password',
          lazy: async () => ({ Component: (await withTexts(() => import('../features/auth/ChangePasswordPage'))).ChangePasswordPage }),
        },
        {
          path: 'recover-password',
          lazy: async () => ({ Component: (await withTexts(() => import('../features/auth/RecoverPasswordPage'))).RecoverPasswordPage }),
        },
        {
          element: <SignOnGuard />,
          children: [
            // guarded by sign-on only (spec §2), not by the role guard: ON_BOARD users wait here; the
            // emailed link (`u`) opens it to a visitor who has no account yet
            {
              path: 'registration',
              lazy: async () => ({ Component: (await withTexts(() => import('../features/auth/RegistrationPage'))).RegistrationPage }),
              handle: registration,
            },
            {
              element: <RoleGuard />,
              children: [
                {
                  id: SHELL_ROUTE,
                  // the shell (menu, header, global search) is loaded after sign-in, not with the sign-in page (issue 14)
                  lazy: async () => {
                    const [{ PrivacyGate }, { ShellLayout }] = await withTexts(() =>
                      Promise.all([import('../features/privacy/ChangedPrivaciesModal'), import('./shell/ShellLayout')]),
                    );
                    return { element: <PrivacyGate><ShellLayout /></PrivacyGate> };
                  },
                  errorElement: <RouteErrorPage />,
                  children: [
                    { path: 'dashboard', lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }) },
                    { path: 'profile/:userId', lazy: async () => ({ Component: (await import('../features/profile/ProfilePage')).ProfilePage }) },
                    { path: 'company', lazy: async () => ({ Component: (await import('../features/company/CompanyPage')).CompanyPage }) },
                    { path: 'calendar', lazy: async () => ({ Component: (await import('../domain/calendar/CalendarPage')).CalendarPage }) },
                    // the areas' routes (areaRoutes) join here on the first navigation that needs them: see discoverAreaRoutes
                    { path: '*', element: <NotFoundPage />, handle: notFound },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * Adds the areas' routes under the shell on the first navigation the static routes do not settle
 * (an unknown path, or one the shell's `*` or a parameter matched). The areas' routes come from the
 * model's catalogue, which the sign-in page then does not download (issue 14). One per router.
 */
export function discoverAreaRoutes(): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ patch, signal }) => {
    if (added) return;
    const { areaRoutes } = await import('../records/area-routes');
    // an aborted navigation does not patch: the next one does
    if (added || signal.aborted) return;
    patch(SHELL_ROUTE, areaRoutes());
    added = true;
  };
}

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes(), { patchRoutesOnNavigation: discoverAreaRoutes() });
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
