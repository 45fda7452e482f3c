import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A thin bar at the top while a route navigation is under way; gone at its end, cancel or error. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return <div className="app-loading-bar" data-testid="app-loading-bar" role="progressbar" aria-label={t('APP.NAVIGATING')} />;
}
