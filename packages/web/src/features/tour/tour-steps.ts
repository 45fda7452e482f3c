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

export type TourId = 'DASHBOARD' | 'LIST' | 'RECORD';

const testId = (id: string) => `[data-testid="${id}"]`;

/**
 * Most specific first: a record page may embed lists. The transport planner is left out: it is a modal
 * above the shell header, so the help button cannot be reached while it is open.
 */
export const TOURS: readonly TourDefinition[] = [
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
