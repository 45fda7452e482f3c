import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setup } from '../../fields/test-utils';
import { fittingButtons, RecordToolbar, type ToolbarActions, type ToolbarState } from './RecordToolbar';

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
    if ((element as HTMLElement).dataset.testid !== 'record-toolbar') return;
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

describe('record toolbar', { timeout: 30_000 }, () => {
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
  });

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
