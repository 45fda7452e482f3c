import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setup } from '../../test/harness';
import { CollapsingToolbar, fittingButtons, RecordToolbar, TOOLBAR, type ToolbarActions, type ToolbarButton, type ToolbarState } from './RecordToolbar';

describe('fitting buttons', () => {
  it('keeps every button when they all fit, else as many as leave room for the "…" button', () => {
    // 3 buttons of 100 px with 8 px gaps need 316 px
    expect(fittingButtons([100, 100, 100], 316, 40)).toBe(3);
    expect(fittingButtons([100, 100, 100], 315, 40)).toBe(2);
    // 2 buttons + gap + more = 100 + 8 + 100 + 8 + 40 = 256
    expect(fittingButtons([100, 100, 100], 256, 40)).toBe(2);
    expect(fittingButtons([100, 100, 100], 255, 40)).toBe(1);
    expect(fittingButtons([100, 100, 100], 30, 40)).toBe(0);
    // not measured yet: all shown
    expect(fittingButtons([100, 100, 100], 0, 40)).toBe(3);
  });
});

/** jsdom has no layout: widths come from the buttons' labels, the container's from the observer. */
let resize: ((width: number) => void) | null = null;
class ControlledResizeObserver {
  private mine = false;
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(element: Element) {
    // antd's own components observe their elements too: only the toolbar's observer is driven
    if (!(element as HTMLElement).dataset.testid?.endsWith('toolbar')) return;
    this.mine = true;
    resize = (width) => this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {
    if (this.mine) resize = null;
  }
}

const STATE: ToolbarState = {
  showSave: false,
  saveDisabled: false,
  saving: false,
  showEdit: true,
  showDelete: true,
  showRestore: false,
  showHistory: true,
  showCancel: false,
};

/** jsdom layout stand-ins: the controlled observer, and every measured button 100 px wide, the "…" one 40 px. */
function stubLayout() {
  let original: PropertyDescriptor | undefined;
  const observer = window.ResizeObserver;
  beforeEach(async () => {
    await setup('it');
    window.ResizeObserver = ControlledResizeObserver as unknown as typeof ResizeObserver;
    original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth');
    // every measured button is 100 px wide, the "…" button 40 px
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get(this: HTMLElement) {
        const key = this.dataset.measure;
        if (!key) return 0;
        return key === '__more' ? 40 : 100;
      },
    });
  });
  afterEach(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', original);
    window.ResizeObserver = observer;
    vi.restoreAllMocks();
  });
}

describe('record toolbar', { timeout: 30_000 }, () => {
  stubLayout();

  it('moves the buttons that do not fit into a "…" dropdown as the toolbar narrows, and back as it widens', async () => {
    const actions: ToolbarActions = { onSave: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onRestore: vi.fn(), onHistory: vi.fn(), onCancel: vi.fn() };
    renderApp(<RecordToolbar state={STATE} actions={actions} />);
    const toolbar = screen.getByTestId('record-toolbar');
    act(() => resize!(1000));
    expect(toolbar.getAttribute('data-collapsed')).toBe('0');
    expect(screen.getByTestId('record-edit')).toBeTruthy();
    expect(screen.queryByTestId('record-toolbar-more')).toBeNull();

    // Edit, Delete, History: 316 px; at 256 px two fit with the "…" button
    act(() => resize!(256));
    expect(toolbar.getAttribute('data-collapsed')).toBe('1');
    expect(screen.queryByTestId('record-history')).toBeNull();
    fireEvent.click(screen.getByTestId('record-toolbar-more'));
    fireEvent.click(await screen.findByTestId('record-history'));
    expect(actions.onHistory).toHaveBeenCalledTimes(1);

    act(() => resize!(150));
    expect(toolbar.getAttribute('data-collapsed')).toBe('2');
    expect(screen.getByTestId('record-edit')).toBeTruthy();
    expect(screen.queryByTestId('record-delete')).toBeNull();

    act(() => resize!(400));
    await waitFor(() => expect(toolbar.getAttribute('data-collapsed')).toBe('0'));
    fireEvent.click(screen.getByTestId('record-delete'));
    expect(actions.onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('collapsing toolbar dropdown (spec §4, §8, §9)', { timeout: 30_000 }, () => {
  stubLayout();

  const buttons = (count: number, unlabelled: string[] = []): ToolbarButton[] =>
    Array.from({ length: count }, (_, i) => {
      const key = `action${i + 1}`;
      return { key, label: unlabelled.includes(key) ? undefined : `Azione ${i + 1}`, icon: <span>{i + 1}</span>, onClick: vi.fn(), testId: key };
    });
  /** Opens the "…" dropdown and answers its menu. */
  async function openMore(): Promise<HTMLElement> {
    fireEvent.click(screen.getByTestId('test-toolbar-more'));
    await screen.findAllByRole('menuitem');
    return document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')!;
  }

  it('moves the buttons that overflow into the dropdown, one per row, showing at most six before scrolling', async () => {
    const toolbarButtons = buttons(9);
    renderApp(<CollapsingToolbar buttons={toolbarButtons} testId="test-toolbar" />);
    // two buttons of 100 px and the "…" button of 40 px fit in 256 px: seven go to the dropdown
    act(() => resize!(256));
    expect(screen.getByTestId('test-toolbar').getAttribute('data-collapsed')).toBe('7');
    expect(screen.getByTestId('action2')).toBeTruthy();
    expect(screen.queryByTestId('action3')).toBeNull();

    const menu = await openMore();
    expect(menu.querySelectorAll('.ant-dropdown-menu-item')).toHaveLength(7);
    expect(menu.style.display).not.toBe('grid');
    expect(menu.style.maxHeight).toBe(`${6 * TOOLBAR.dropdownItemHeight + TOOLBAR.dropdownPadding}px`);
    expect(menu.style.overflowY).toBe('auto');
    fireEvent.click(screen.getByTestId('action9'));
    expect(toolbarButtons[8]!.onClick).toHaveBeenCalledTimes(1);
  });

  it('lays the dropdown out as a grid of two actions per row, six of them visible', async () => {
    renderApp(<CollapsingToolbar buttons={buttons(9)} testId="test-toolbar" display="grid" />);
    act(() => resize!(256));
    const menu = await openMore();
    expect(menu.style.display).toBe('grid');
    expect(menu.style.gridTemplateColumns).toBe(`repeat(2, minmax(${TOOLBAR.iconButtonWidth}px, 1fr))`);
    // six items in rows of two: three rows
    expect(menu.style.maxHeight).toBe(`${3 * TOOLBAR.dropdownItemHeight + TOOLBAR.dropdownPadding}px`);
    expect(TOOLBAR).toMatchObject({ dropdownVisibleItems: 6, gridColumns: 2, iconButtonWidth: 40 });
  });

  it('forces grid display with a console warning naming a button without a label, shown as a 40 px icon button', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp(<CollapsingToolbar buttons={buttons(9, ['action2'])} testId="test-toolbar" />);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('button "action2" has no label'));
    expect(warn.mock.calls.some(([message]) => String(message).includes('"action1"'))).toBe(false);
    expect(screen.getByTestId('test-toolbar').getAttribute('data-display')).toBe('grid');

    act(() => resize!(256));
    const iconOnly = screen.getByTestId('action2');
    expect(iconOnly.getAttribute('aria-label')).toBe('action2');
    expect(iconOnly.style.width).toBe('40px');
    expect(screen.getByTestId('test-toolbar-more').style.width).toBe('40px');
    expect((await openMore()).style.display).toBe('grid');
  });

  it('keeps the list display and stays silent when every button has a label', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp(<CollapsingToolbar buttons={buttons(3)} testId="test-toolbar" />);
    expect(screen.getByTestId('test-toolbar').getAttribute('data-display')).toBe('list');
    expect(warn.mock.calls.some(([message]) => String(message).includes('has no label'))).toBe(false);
  });
});
