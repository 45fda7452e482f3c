import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/shell/LanguageSwitch';

/** Frame of the pages shown outside the shell (login, change password, registration, recovery). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <header className="public-page__bar">
        <span className="shell-brand">{t('APP.NAME')}</span>
        <LanguageSwitch />
      </header>
      <main className="public-page__body">{children}</main>
    </div>
  );
}
