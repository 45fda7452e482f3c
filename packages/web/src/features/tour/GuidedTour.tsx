import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Flex, theme, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { availableSteps, counterText, keyAction, moveStep, panelSide, pickTour, tourById, type TourId, type TourStep } from './tour-steps';

/** Spec §2: on the shell's pages the mask is at 100, the highlighted target above it, the panel above both. */
export const MASK_Z_INDEX = 100;
export const TARGET_Z_INDEX = String(MASK_Z_INDEX + 1);

const present = (selector: string) => document.querySelector(selector) !== null;
const TRANSPARENT = new Set(['', 'transparent', 'rgba(0, 0, 0, 0)']);

/**
 * Lifts the target above the mask while it is highlighted and gives it back its own style afterwards.
 * A target without a background of its own gets the page's, or the mask would darken it from behind.
 * Returns the bottom corner the panel goes to, away from the target.
 */
function useHighlight(selector: string | undefined, zIndex: number, background: string, panel: RefObject<HTMLDivElement | null>): 'left' | 'right' {
  const [side, setSide] = useState<'left' | 'right'>('right');
  useLayoutEffect(() => {
    if (!selector) return;
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return;
    const { zIndex: ownZIndex, position, backgroundColor } = element.style;
    element.style.zIndex = String(zIndex);
    const computed = getComputedStyle(element);
    // z-index applies to positioned elements only; relative without offsets leaves the layout as it is
    if (computed.position === 'static') element.style.position = 'relative';
    if (TRANSPARENT.has(computed.backgroundColor)) element.style.backgroundColor = background;
    element.scrollIntoView?.({ block: 'nearest' });
    const own = panel.current?.getBoundingClientRect();
    setSide(panelSide(element.getBoundingClientRect(), { width: own?.width || 360, height: own?.height || 200 }, { width: window.innerWidth, height: window.innerHeight }));
    return () => {
      element.style.zIndex = ownZIndex;
      element.style.position = position;
      element.style.backgroundColor = backgroundColor;
    };
  }, [selector, zIndex, background, panel]);
  return side;
}

export interface GuidedTourProps {
  onClose: () => void;
  /** The tour to show; by default the one of the page on show (pickTour). */
  tourId?: TourId;
  /**
   * The mask's z-index, the target one above, the panel two above: 100 on the shell's pages, above the
   * drawer's or modal's layer when the tour is opened inside one (see maskZIndex).
   */
  zIndex?: number;
}

/**
 * The guided help overlay of the page on show (spec §2): steps with title, content and a counter
 * "2 / 5"; arrow up or right forward, down or left back, Escape closes. Steps whose target is not on
 * the page are skipped. Loaded lazily: the help buttons import it on first use. The overlay is rendered
 * where its button is: inside a drawer (the planner) it stays in the drawer's layer and focus trap.
 */
export default function GuidedTour({ onClose, tourId, zIndex = MASK_Z_INDEX }: GuidedTourProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // the page is read once, when the tour opens
  const [tour] = useState(() => (tourId ? tourById(tourId) : pickTour(present)));
  const [steps] = useState<TourStep[]>(() => (tour ? availableSteps(tour, present) : []));
  const [current, setCurrent] = useState(0);
  const step = steps[current];
  const panel = useRef<HTMLDivElement>(null);
  const side = useHighlight(step?.target, zIndex + 1, token.colorBgContainer, panel);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = keyAction(event.key);
      if (!action) return;
      event.preventDefault();
      // the keys are the tour's while it is open: Escape does not close the drawer below it as well
      event.stopPropagation();
      if (action === 'close') onClose();
      else setCurrent((index) => moveStep(index, steps.length, action));
    };
    // in the capture phase, before the page's own handlers (React's, the drawer's Escape)
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [onClose, steps.length]);

  const last = current === steps.length - 1;
  const title = step && tour ? t(`TOUR.STEPS.${tour.id}.${step.key}.TITLE`) : t('TOUR.NONE_TITLE');

  return (
    <>
      <div data-testid="tour-mask" onClick={onClose} style={{ position: 'fixed', inset: 0, zIndex, pointerEvents: 'auto', background: 'rgba(0, 0, 0, 0.45)' }} />
      <Card
        ref={panel}
        role="dialog"
        aria-modal="false"
        aria-label={title}
        data-testid="tour"
        data-step={step?.key}
        size="small"
        data-side={side}
        style={{ position: 'fixed', [side]: 24, bottom: 24, width: 360, maxWidth: 'calc(100vw - 48px)', zIndex: zIndex + 2, pointerEvents: 'auto' }}
        title={<span data-testid="tour-title">{title}</span>}
        extra={<Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('TOUR.CLOSE')} onClick={onClose} data-testid="tour-close" />}
      >
        <Typography.Paragraph data-testid="tour-content">
          {step && tour ? t(`TOUR.STEPS.${tour.id}.${step.key}.CONTENT`) : t('TOUR.NONE')}
        </Typography.Paragraph>
        {step && (
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary" data-testid="tour-counter">
              {counterText(current, steps.length)}
            </Typography.Text>
            <Flex gap={8}>
              <Button size="small" disabled={current === 0} onClick={() => setCurrent((index) => moveStep(index, steps.length, 'previous'))} data-testid="tour-previous">
                {t('TOUR.PREVIOUS')}
              </Button>
              <Button
                size="small"
                type="primary"
                autoFocus
                onClick={() => (last ? onClose() : setCurrent((index) => moveStep(index, steps.length, 'next')))}
                data-testid="tour-next"
              >
                {last ? t('TOUR.FINISH') : t('TOUR.NEXT')}
              </Button>
            </Flex>
          </Flex>
        )}
      </Card>
    </>
  );
}
