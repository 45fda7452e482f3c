import 'antd/dist/reset.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { restoreSession } from './app/auth/session';
import { loadEnvironment } from './app/environment';
import { initialLanguage, setLanguage } from './app/language';
import { createAppRouter } from './app/router';
import { StartupError } from './app/StartupError';
import { installMonitorReporting } from './features/monitor/install';
import { initI18n } from './i18n';

/** Reads environment.json, sets the language, restores a stored session, then renders. */
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    await loadEnvironment();
  } catch (error) {
    console.error(error);
    await initI18n(initialLanguage(), 'sign-in');
    root.render(<StartupError />);
    return;
  }
  const language = initialLanguage();
  // the sign-in page's texts only: the routes past it load the rest (router.tsx)
  await initI18n(language, 'sign-in');
  await setLanguage(language);
  await restoreSession();
  const router = createAppRouter();
  installMonitorReporting(router);
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
