import { Spin } from 'antd';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { RegistrationPage } from '../features/auth/RegistrationPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { areaRoutes } from '../records/area-routes';
import { RoleGuard, RootRedirect, SignOnGuard, type RouteHandle } from './auth/guards';
import { setNavigator } from './navigation';
import { NavigationProgress } from './shell/NavigationProgress';
import { ShellLayout } from './shell/ShellLayout';
import { PrivacyGate } from '../features/privacy/ChangedPrivaciesModal';

function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

const notFound: RouteHandle = { notFound: true };
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
        {
          path: 'change-password',
          lazy: async () => ({ Component: (await import('../features/auth/ChangePasswordPage')).ChangePasswordPage }),
        },
        {
          path: 'recover-password',
          lazy: async () => ({ Component: (await import('../features/auth/RecoverPasswordPage')).RecoverPasswordPage }),
        },
        {
          element: <SignOnGuard />,
          children: [
            // guarded by sign-on only (spec §2), not by the role guard: ON_BOARD users wait here; the
            // emailed link (`u`) opens it to a visitor who has no account yet
            { path: 'registration', element: <RegistrationPage />, handle: registration },
            {
              element: <RoleGuard />,
              children: [
                {
                  element: <PrivacyGate><ShellLayout /></PrivacyGate>,
                  errorElement: <RouteErrorPage />,
                  children: [
                    { path: 'dashboard', element: <DashboardPage /> },
                    { path: 'profile/:userId', element: <ProfilePage /> },
                    { path: 'company', lazy: async () => ({ Component: (await import('../features/company/CompanyPage')).CompanyPage }) },
                    { path: 'calendar', lazy: async () => ({ Component: (await import('../domain/calendar/CalendarPage')).CalendarPage }) },
                    ...areaRoutes(),
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

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes());
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
