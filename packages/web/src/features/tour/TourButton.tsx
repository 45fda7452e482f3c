import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

// the tour is a chunk of its own, downloaded on the first click (the sign-in page's script budget)
const GuidedTour = lazy(() => import('./GuidedTour'));

/** The "?" help button of the shell header: starts the guided tour of the page on show. */
export function TourButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // the route the tour was opened on: navigating elsewhere closes it
  const [openOn, setOpenOn] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpenOn(null);
    // the keyboard goes back where it was
    button.current?.focus();
  }, []);
  return (
    <>
      <Tooltip title={t('TOUR.HELP')}>
        <Button ref={button} type="text" shape="circle" icon={<QuestionCircleOutlined />} aria-label={t('TOUR.HELP')} onClick={() => setOpenOn(pathname)} data-testid="tour-button" />
      </Tooltip>
      {openOn === pathname && (
        <Suspense fallback={null}>
          <GuidedTour key={pathname} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
