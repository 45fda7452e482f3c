import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { availableSteps, counterText, keyAction, moveStep, pickTour, type TourStep } from './tour-steps';

/** Spec §2: the highlighted target sits above the page's mask. */
export const TARGET_Z_INDEX = '101';
const MASK_Z_INDEX = 100;
const PANEL_Z_INDEX = 102;

const present = (selector: string) => document.querySelector(selector) !== null;

/** Lifts the target above the mask while it is highlighted and gives it back its own style afterwards. */
function useHighlight(selector: string | undefined): void {
  useLayoutEffect(() => {
    if (!selector) return;
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return;
    const { zIndex, position } = element.style;
    element.style.zIndex = TARGET_Z_INDEX;
    // z-index applies to positioned elements only; relative without offsets leaves the layout as it is
    if (getComputedStyle(element).position === 'static') element.style.position = 'relative';
    element.scrollIntoView?.({ block: 'nearest' });
    return () => {
      element.style.zIndex = zIndex;
      element.style.position = position;
    };
  }, [selector]);
}

export interface GuidedTourProps {
  onClose: () => void;
}

/**
 * The guided help overlay of the page on show (spec §2): steps with title, content and a counter
 * "2 / 5"; arrow up or right forward, down or left back, Escape closes. Steps whose target is not on
 * the page are skipped. Loaded lazily: the shell's help button imports it on first use.
 */
export default function GuidedTour({ onClose }: GuidedTourProps) {
  const { t } = useTranslation();
  // the page is read once, when the tour opens
  const [tour] = useState(() => pickTour(present));
  const [steps] = useState<TourStep[]>(() => (tour ? availableSteps(tour, present) : []));
  const [current, setCurrent] = useState(0);
  const step = steps[current];
  useHighlight(step?.target);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = keyAction(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === 'close') onClose();
      else setCurrent((index) => moveStep(index, steps.length, action));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, steps.length]);

  const last = current === steps.length - 1;
  const title = step && tour ? t(`TOUR.STEPS.${tour.id}.${step.key}.TITLE`) : t('TOUR.NONE_TITLE');

  return (
    <>
      <div data-testid="tour-mask" onClick={onClose} style={{ position: 'fixed', inset: 0, zIndex: MASK_Z_INDEX, background: 'rgba(0, 0, 0, 0.45)' }} />
      <Card
        role="dialog"
        aria-modal="false"
        aria-label={title}
        data-testid="tour"
        data-step={step?.key}
        size="small"
        style={{ position: 'fixed', right: 24, bottom: 24, width: 360, maxWidth: 'calc(100vw - 48px)', zIndex: PANEL_Z_INDEX }}
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
