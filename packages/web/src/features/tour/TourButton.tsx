import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { maskZIndex, type TourId } from './tour-steps';

// the tour is a chunk of its own, downloaded on the first click (the sign-in page's script budget)
const GuidedTour = lazy(() => import('./GuidedTour'));

/** A custom property's value on the element or, as it inherits, on its nearest ancestor defining it. */
function customProperty(element: HTMLElement, name: string): string {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    const value = getComputedStyle(node).getPropertyValue(name).trim();
    if (value) return value;
  }
  return '';
}

/**
 * The z-index of the layers the button sits in (in the planner, the drawer's): the overlay opened next
 * to it goes above them all. A browser gives computed values; a DOM without CSS variables support
 * (jsdom) may give antd's `var(--ant-…-z-index-popup)` as written, resolved here.
 */
function ancestorZIndexes(element: HTMLElement | null): string[] {
  const found: string[] = [];
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const zIndex = getComputedStyle(node).zIndex;
    const variable = /^var\(\s*(--[\w-]+)\s*(?:,\s*([^)]*))?\)$/.exec(zIndex);
    found.push(variable ? customProperty(node, variable[1]!) || (variable[2] ?? '') : zIndex);
  }
  return found;
}

export interface TourButtonProps {
  /** The tour to open; by default the one of the page on show (the shell header's button). */
  tour?: TourId;
  /** The button's name and tooltip: an i18n key; TOUR.HELP by default. */
  label?: string;
  testId?: string;
}

/**
 * A "?" help button: starts the guided tour of the page on show (the shell header's), or a given one
 * (the transport planner's, inside its drawer). The overlay goes above the layers the button is in.
 */
export function TourButton({ tour, label = 'TOUR.HELP', testId = 'tour-button' }: TourButtonProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // the route the tour was opened on, with the overlay's z-index: navigating elsewhere closes it
  const [opened, setOpened] = useState<{ on: string; zIndex: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpened(null);
    // the keyboard goes back where it was
    button.current?.focus();
  }, []);
  return (
    <>
      <Tooltip title={t(label)}>
        <Button
          ref={button}
          type="text"
          shape="circle"
          icon={<QuestionCircleOutlined />}
          aria-label={t(label)}
          onClick={() => setOpened({ on: pathname, zIndex: maskZIndex(ancestorZIndexes(button.current)) })}
          data-testid={testId}
        />
      </Tooltip>
      {opened?.on === pathname && (
        <Suspense fallback={null}>
          <GuidedTour key={pathname} onClose={close} tourId={tour} zIndex={opened.zIndex} />
        </Suspense>
      )}
    </>
  );
}
