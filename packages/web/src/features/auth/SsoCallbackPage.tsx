import { landingPath } from '@circula/model';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { getEnvironment } from '../../app/environment';
import { loginWithSso } from '../../app/auth/session';
import { navigateTo } from '../../app/navigation';
import { PublicLayout } from './PublicLayout';

/** The one-time code the server put in the fragment (`#code=…`): never sent to a server in a URL. */
export function ssoCodeOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('code');
}

/** Where a failed exchange sends the user: the sign-in page with the reason (`?sso=CODE`). */
export function ssoFailurePath(error: unknown): string {
  const code = error instanceof ApiError && error.status === 429 ? 'SSO_TOO_MANY_ATTEMPTS' : error instanceof ApiError && error.body?.errorMessage?.startsWith('SSO_') ? error.body.errorMessage : 'SSO_CODE_INVALID';
  return `${getEnvironment().loginPath}?sso=${code}`;
}

/**
 * `/sso-callback`: the end of a single sign-on. The code is exchanged once for the same answer as
 * a sign-in (a session like any other), then the user lands where a sign-in lands.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = ssoCodeOf(window.location.hash);
    // the code leaves the address bar and the history at once
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) {
      navigateTo(`${getEnvironment().loginPath}?sso=SSO_CODE_INVALID`, { replace: true });
      return;
    }
    loginWithSso(code).then(
      (signedIn) => navigateTo(landingPath(signedIn, getEnvironment().loggedInPath), { replace: true }),
      (error: unknown) => navigateTo(ssoFailurePath(error), { replace: true }),
    );
  }, []);

  return (
    <PublicLayout>
      <Spin size="large" style={{ display: 'block', margin: '96px auto' }} tip={t('LOGIN.SSO.COMPLETING')} data-testid="sso-callback">
        <div style={{ height: 48 }} />
      </Spin>
    </PublicLayout>
  );
}
