/**
 * The guided help overlay's tours, declared as data (spec §2, issue 20): each page's steps point at
 * elements by their data-testid; the texts live in the i18n part "tour" (TOUR.STEPS.<tour>.<step>).
 * Pure module: no React, no DOM access except through the predicates the callers pass in.
 */

export interface TourStep {
  /** Key of the step's texts: TOUR.STEPS.<tour>.<key>.TITLE and .CONTENT. */
  key: string;
  /** CSS selector of the highlighted element. */
  target: string;
}

export interface TourDefinition {
  id: TourId;
  /** The tour applies when this element is on the page. */
  page: string;
  steps: readonly TourStep[];
}

export type TourId = 'PLANNER' | 'DASHBOARD' | 'LIST' | 'RECORD';

const testId = (id: string) => `[data-testid="${id}"]`;

/**
 * Most specific first: a record page may embed lists. The transport planner is a full-screen drawer
 * above the shell header, whose "?" cannot be reached while it is open: the planner has a "?" of its
 * own that opens the PLANNER tour by its id (tourById), above the drawer. It is first here as it
 * covers whatever page it was opened on.
 */
export const TOURS: readonly TourDefinition[] = [
  {
    id: 'PLANNER',
    page: testId('transport-planner'),
    steps: [
      { key: 'REQUESTS', target: testId('planner-requests') },
      { key: 'TRIP', target: testId('planner-trip-fields') },
      { key: 'MAP', target: testId('planner-map') },
      // the stops, or the hint shown while the trip has none
      { key: 'STOPS', target: `${testId('planner-stops')}, ${testId('planner-no-stops')}` },
      { key: 'LOAD', target: testId('planner-totals') },
      { key: 'CREATE', target: testId('planner-create') },
    ],
  },
  {
    id: 'RECORD',
    page: testId('record-page'),
    steps: [
      { key: 'STATUS', target: testId('status-bar') },
      { key: 'EDIT', target: testId('record-edit') },
      { key: 'TABS', target: testId('record-tabs') },
    ],
  },
  {
    id: 'LIST',
    page: testId('record-list'),
    steps: [
      { key: 'NEW', target: testId('list-new') },
      { key: 'SEARCH', target: testId('list-search-input') },
      { key: 'TOTAL', target: testId('list-total') },
      { key: 'GRID', target: testId('list-grid') },
    ],
  },
  {
    id: 'DASHBOARD',
    page: testId('dashboard'),
    steps: [
      { key: 'PERIOD', target: testId('dashboard-period-bar') },
      { key: 'FIGURES', target: testId('dashboard-figures') },
      { key: 'TRANSPORTS', target: testId('dashboard-transports') },
      { key: 'DEADLINES', target: testId('dashboard-deadlines') },
      { key: 'INVOICES', target: testId('dashboard-invoices') },
    ],
  },
];

/** The tour of the page on show: the first whose page element is present, or null. */
export function pickTour(present: (selector: string) => boolean, tours: readonly TourDefinition[] = TOURS): TourDefinition | null {
  return tours.find((tour) => present(tour.page)) ?? null;
}

/** A tour by its id (the planner's own "?" button). */
export function tourById(id: TourId, tours: readonly TourDefinition[] = TOURS): TourDefinition | null {
  return tours.find((tour) => tour.id === id) ?? null;
}

/**
 * The z-index of the tour's mask: above every layer the tour is opened in (the z-index of its
 * ancestors: in the planner, the drawer's 1000), and never below the shell's 100. The highlighted
 * target goes one above it, the panel two.
 */
export function maskZIndex(ancestorZIndexes: readonly string[], floor = 100): number {
  const numbers = ancestorZIndexes.map((z) => Number.parseInt(z, 10)).filter((z) => Number.isFinite(z));
  return Math.max(floor, ...numbers.map((z) => z + 1));
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The bottom corner the tour's panel goes to: the right one, unless the highlighted target lies under
 * it there and not on the left (the planner's stops and totals, in its right column).
 */
export function panelSide(target: Box, panel: { width: number; height: number }, viewport: { width: number; height: number }, margin = 24): 'left' | 'right' {
  const overlaps = (left: number) => {
    const top = viewport.height - margin - panel.height;
    return target.left < left + panel.width && target.left + target.width > left && target.top < top + panel.height && target.top + target.height > top;
  };
  return overlaps(viewport.width - margin - panel.width) && !overlaps(margin) ? 'left' : 'right';
}

/** The steps whose target is on the page: a missing target is skipped. */
export function availableSteps(tour: TourDefinition, present: (selector: string) => boolean): TourStep[] {
  return tour.steps.filter((step) => present(step.target));
}

export type TourKeyAction = 'next' | 'previous' | 'close' | null;

/** Spec §2: arrow up or right go forward, down or left go back; Escape closes. */
export function keyAction(key: string): TourKeyAction {
  switch (key) {
    case 'ArrowUp':
    case 'ArrowRight':
      return 'next';
    case 'ArrowDown':
    case 'ArrowLeft':
      return 'previous';
    case 'Escape':
      return 'close';
    default:
      return null;
  }
}

/** The step after a move; at the ends nothing happens. */
export function moveStep(current: number, total: number, action: 'next' | 'previous'): number {
  if (total <= 0) return 0;
  const next = action === 'next' ? current + 1 : current - 1;
  return Math.min(Math.max(next, 0), total - 1);
}

/** The counter "2 / 5": the same in Italian and English. */
export function counterText(current: number, total: number): string {
  return `${current + 1} / ${total}`;
}
