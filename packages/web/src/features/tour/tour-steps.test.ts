import { describe, expect, it } from 'vitest';
import it_ from '../../i18n/parts/tour.it.json';
import en from '../../i18n/parts/tour.en.json';
import { availableSteps, counterText, keyAction, moveStep, pickTour, TOURS, type TourDefinition } from './tour-steps';

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
  });

  it('declare the list toolbar, search, grid and "Nuovo", the record status bar, edit and tabs', () => {
    const targets = (id: string) => TOURS.find((t) => t.id === id)!.steps.map((s) => s.target);
    expect(targets('LIST')).toEqual(expect.arrayContaining(['[data-testid="list-new"]', '[data-testid="list-search-input"]', '[data-testid="list-grid"]']));
    expect(targets('RECORD')).toEqual(['[data-testid="status-bar"]', '[data-testid="record-edit"]', '[data-testid="record-tabs"]']);
  });

  it('have a title and a content in Italian and English for every step', () => {
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
