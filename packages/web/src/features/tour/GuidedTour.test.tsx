import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Drawer } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { TourButton } from './TourButton';

/** A list page's fragment: "Nuovo", search and grid are there, the total is not (its step is skipped). */
function ListPage() {
  return (
    <div data-testid="record-list">
      <button data-testid="list-new">Nuovo</button>
      <input data-testid="list-search-input" aria-label="Cerca" />
      <div data-testid="list-grid" style={{ zIndex: 3, position: 'absolute' }} />
    </div>
  );
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/customers']}>
      <TourButton />
      <ListPage />
    </MemoryRouter>,
  );
}

const zIndex = (testId: string) => screen.getByTestId(testId).style.zIndex;

describe('guided tour', () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  it('steps through the targets on the page with the four arrow keys and lifts the highlighted one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByTestId('tour-button'));

    expect((await screen.findByTestId('tour-counter')).textContent).toContain('1 / 3');
    expect((screen.getByTestId('tour-title')).textContent).toContain('Nuovo');
    expect(zIndex('list-new')).toBe('101');

    await user.keyboard('{ArrowRight}');
    expect((screen.getByTestId('tour-counter')).textContent).toContain('2 / 3');
    expect((screen.getByTestId('tour-title')).textContent).toContain('Ricerca');
    expect(zIndex('list-search-input')).toBe('101');
    expect(zIndex('list-new')).toBe('');

    await user.keyboard('{ArrowUp}');
    expect((screen.getByTestId('tour-counter')).textContent).toContain('3 / 3');
    expect((screen.getByTestId('tour-title')).textContent).toContain('Elenco');
    expect(zIndex('list-grid')).toBe('101');
    expect(zIndex('list-search-input')).toBe('');

    // at the last step forward does nothing
    await user.keyboard('{ArrowRight}');
    expect((screen.getByTestId('tour-counter')).textContent).toContain('3 / 3');

    await user.keyboard('{ArrowLeft}');
    expect((screen.getByTestId('tour-counter')).textContent).toContain('2 / 3');
    await user.keyboard('{ArrowDown}');
    expect((screen.getByTestId('tour-counter')).textContent).toContain('1 / 3');
    // at the first step back does nothing
    await user.keyboard('{ArrowDown}');
    expect((screen.getByTestId('tour-counter')).textContent).toContain('1 / 3');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(zIndex('list-grid')).toBe('101');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('tour')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('tour-button'));
    // the grid gets back its own z-index and position
    expect(zIndex('list-grid')).toBe('3');
    expect(screen.getByTestId('list-grid').style.position).toBe('absolute');
    expect(zIndex('list-new')).toBe('');
    expect(screen.getByTestId('list-new').style.position).toBe('');
  });

  it('closes with the close button and says so when the page has no guide', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/profile/3']}>
        <TourButton />
        <div data-testid="profile" />
      </MemoryRouter>,
    );
    await user.click(screen.getByTestId('tour-button'));
    expect((await screen.findByTestId('tour-content')).textContent).toContain("Per questa pagina non c'è una guida.");
    expect(screen.queryByTestId('tour-counter')).toBeNull();
    await user.click(screen.getByTestId('tour-close'));
    await waitFor(() => expect(screen.queryByTestId('tour')).toBeNull());
  });

  it('opens a given tour inside a drawer above the drawer, and Escape closes the tour only', async () => {
    const user = userEvent.setup();
    const closeDrawer = vi.fn();
    render(
      <MemoryRouter initialEntries={['/rdr']}>
        <div data-testid="record-list">
          <button data-testid="list-new">Nuovo</button>
        </div>
        <Drawer open size="100%" title="Pianifica trasporto" onClose={closeDrawer} extra={<TourButton tour="PLANNER" label="TOUR.PLANNER_HELP" testId="planner-tour" />}>
          <div data-testid="planner-requests" />
          <div data-testid="planner-trip-fields" style={{ backgroundColor: 'rgb(1, 2, 3)' }} />
          <ol data-testid="planner-stops" />
        </Drawer>
      </MemoryRouter>,
    );
    // the drawer's layer: antd's z-index for drawers and modals (jsdom leaves it as the CSS variable)
    const layer = Number(getComputedStyle(document.querySelector('.ant-drawer')!).getPropertyValue('--ant-drawer-z-index-popup'));
    expect(layer).toBe(1000);
    expect(screen.getByTestId('planner-tour').getAttribute('aria-label')).toBe('Guida del pianificatore');

    await user.click(screen.getByTestId('planner-tour'));
    // the planner's tour, not the list's below it; the steps whose target is missing are skipped
    expect((await screen.findByTestId('tour-counter')).textContent).toBe('1 / 3');
    expect(screen.getByTestId('tour-title').textContent).toBe('Richieste da pianificare');
    const mask = Number(screen.getByTestId('tour-mask').style.zIndex);
    expect(mask).toBeGreaterThan(layer);
    expect(Number(zIndex('planner-requests'))).toBeGreaterThan(mask);
    expect(Number(screen.getByTestId('tour').style.zIndex)).toBeGreaterThan(Number(zIndex('planner-requests')));
    expect(zIndex('list-new')).toBe('');
    // inside the drawer: its focus trap keeps the keyboard on the tour
    expect(screen.getByTestId('planner-tour').closest('.ant-drawer')?.contains(screen.getByTestId('tour'))).toBe(true);
    // a target without a background gets the page's while it is lifted
    expect(screen.getByTestId('planner-requests').style.backgroundColor).not.toBe('');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('tour-counter').textContent).toBe('2 / 3');
    expect(Number(zIndex('planner-trip-fields'))).toBeGreaterThan(mask);
    expect(screen.getByTestId('planner-trip-fields').style.backgroundColor).toBe('rgb(1, 2, 3)');
    expect(zIndex('planner-requests')).toBe('');
    expect(screen.getByTestId('planner-requests').style.backgroundColor).toBe('');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByTestId('tour-title').textContent).toBe('Tappe');
    expect(screen.getByTestId('tour-counter').textContent).toBe('3 / 3');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('tour')).toBeNull());
    expect(closeDrawer).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByTestId('planner-tour'));
    expect(zIndex('planner-stops')).toBe('');
    expect(screen.getByTestId('planner-stops').style.position).toBe('');
  });
});
