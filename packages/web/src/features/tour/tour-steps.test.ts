import { describe, expect, it } from 'vitest';
import it_ from '../../i18n/parts/tour.it.json';
import en from '../../i18n/parts/tour.en.json';
import { availableSteps, counterText, keyAction, maskZIndex, moveStep, panelSide, pickTour, tourById, TOURS, type TourDefinition } from './tour-steps';

const tour: TourDefinition = {
  id: 'LIST',
  page: '[data-testid="page"]',
  steps: [
    { key: 'A', target: '#a' },
    { key: 'B', target: '#b' },
    { key: 'C', target: '#c' },
  ],
};

describe('tour keys', () => {
  it('go forward with arrow up or right, back with down or left, close with Escape', () => {
    expect(keyAction('ArrowUp')).toBe('next');
    expect(keyAction('ArrowRight')).toBe('next');
    expect(keyAction('ArrowDown')).toBe('previous');
    expect(keyAction('ArrowLeft')).toBe('previous');
    expect(keyAction('Escape')).toBe('close');
    expect(keyAction('Enter')).toBeNull();
    expect(keyAction('a')).toBeNull();
  });

  it('stay within the steps: nothing happens at the ends', () => {
    expect(moveStep(0, 3, 'next')).toBe(1);
    expect(moveStep(1, 3, 'next')).toBe(2);
    expect(moveStep(2, 3, 'next')).toBe(2);
    expect(moveStep(2, 3, 'previous')).toBe(1);
    expect(moveStep(0, 3, 'previous')).toBe(0);
    expect(moveStep(0, 0, 'next')).toBe(0);
  });

  it('count as "2 / 5"', () => {
    expect(counterText(1, 5)).toBe('2 / 5');
    expect(counterText(0, 3)).toBe('1 / 3');
  });
});

describe('tour steps', () => {
  it('skip the steps whose target is missing', () => {
    const present = (selector: string) => selector !== '#b';
    expect(availableSteps(tour, present).map((s) => s.key)).toEqual(['A', 'C']);
    expect(availableSteps(tour, () => false)).toEqual([]);
  });

  it('pick the tour of the page on show, the record page before the lists it embeds', () => {
    const on = (...ids: string[]) => (selector: string) => ids.some((id) => selector === `[data-testid="${id}"]`);
    expect(pickTour(on('dashboard'))?.id).toBe('DASHBOARD');
    expect(pickTour(on('record-list'))?.id).toBe('LIST');
    expect(pickTour(on('record-list', 'record-page'))?.id).toBe('RECORD');
    expect(pickTour(on('profile'))).toBeNull();
    // the planner's drawer covers the list it was opened from
    expect(pickTour(on('record-list', 'transport-planner'))?.id).toBe('PLANNER');
  });

  it('declare the planner: 4 to 6 steps on its parts, each a selector of data-testid, found by id', () => {
    const planner = tourById('PLANNER')!;
    expect(planner.page).toBe('[data-testid="transport-planner"]');
    expect(planner.steps.length).toBeGreaterThanOrEqual(4);
    expect(planner.steps.length).toBeLessThanOrEqual(6);
    expect(new Set(planner.steps.map((s) => s.key)).size).toBe(planner.steps.length);
    for (const step of planner.steps) {
      expect(step.key).toMatch(/^[A-Z_]+$/);
      // one selector or a group of them, each a planner's data-testid
      for (const part of step.target.split(', ')) expect(part).toMatch(/^\[data-testid="planner-[a-z-]+"\]$/);
    }
    expect(planner.steps.map((s) => s.key)).toEqual(['REQUESTS', 'TRIP', 'MAP', 'STOPS', 'LOAD', 'CREATE']);
    expect(planner.steps.map((s) => s.target)).toEqual(
      expect.arrayContaining(['[data-testid="planner-trip-fields"]', '[data-testid="planner-map"]', '[data-testid="planner-create"]']),
    );
    // the stops' step holds while the trip has none yet
    const stops = planner.steps.find((s) => s.key === 'STOPS')!;
    expect(availableSteps({ ...planner, steps: [stops] }, (selector) => selector === stops.target).map((s) => s.key)).toEqual(['STOPS']);
    expect(tourById('LIST')?.id).toBe('LIST');
  });

  it('declare the list toolbar, search, grid and "Nuovo", the record status bar, edit and tabs', () => {
    const targets = (id: string) => TOURS.find((t) => t.id === id)!.steps.map((s) => s.target);
    expect(targets('LIST')).toEqual(expect.arrayContaining(['[data-testid="list-new"]', '[data-testid="list-search-input"]', '[data-testid="list-grid"]']));
    expect(targets('RECORD')).toEqual(['[data-testid="status-bar"]', '[data-testid="record-edit"]', '[data-testid="record-tabs"]']);
  });

  it('have a title and a content in Italian and English for every step, the planner\'s included', () => {
    expect(TOURS.map((t) => t.id)).toContain('PLANNER');
    for (const dict of [it_, en]) {
      const steps = dict.TOUR.STEPS as Record<string, Record<string, { TITLE?: string; CONTENT?: string }>>;
      for (const t of TOURS) {
        for (const s of t.steps) {
          expect(steps[t.id]?.[s.key]?.TITLE, `${t.id}.${s.key}`).toBeTruthy();
          expect(steps[t.id]?.[s.key]?.CONTENT, `${t.id}.${s.key}`).toBeTruthy();
        }
      }
    }
  });
});

describe('tour layers', () => {
  it('put the mask above the layers the tour opens in, never below the shell\'s 100', () => {
    expect(maskZIndex([])).toBe(100);
    expect(maskZIndex(['auto', 'auto', '10'])).toBe(100);
    // inside the planner's drawer (antd's drawers and modals are at 1000)
    expect(maskZIndex(['auto', '1000', 'auto', '1000'])).toBe(1001);
    expect(maskZIndex(['1050', '', 'auto'])).toBe(1051);
  });
});

describe('tour panel', () => {
  const panel = { width: 360, height: 200 };
  const viewport = { width: 1600, height: 900 };
  it('stays bottom right unless the target is under it there and not on the left', () => {
    // the planner's create button, top right
    expect(panelSide({ left: 1400, top: 10, width: 150, height: 32 }, panel, viewport)).toBe('right');
    // its stops, bottom of the right column
    expect(panelSide({ left: 900, top: 500, width: 650, height: 380 }, panel, viewport)).toBe('left');
    // its requests, on the left
    expect(panelSide({ left: 24, top: 80, width: 800, height: 800 }, panel, viewport)).toBe('right');
    // as wide as the page: under both corners, it stays right
    expect(panelSide({ left: 0, top: 600, width: 1600, height: 300 }, panel, viewport)).toBe('right');
    // not laid out (jsdom)
    expect(panelSide({ left: 0, top: 0, width: 0, height: 0 }, panel, viewport)).toBe('right');
  });
});
