import { DeleteOutlined, EditOutlined, EllipsisOutlined, HistoryOutlined, RollbackOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToolbarState {
  showSave: boolean;
  saveDisabled: boolean;
  saving: boolean;
  showEdit: boolean;
  showDelete: boolean;
  showRestore: boolean;
  showHistory: boolean;
  showCancel: boolean;
}

export interface ToolbarActions {
  onSave: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRestore: () => void;
  onHistory: () => void;
  onCancel: () => void;
}

/** One button of a toolbar. */
export interface ToolbarButton {
  key: string;
  /** Without a label the button shows its icon only, and the toolbar's dropdown turns to grid display. */
  label?: string;
  icon: ReactNode;
  onClick: () => void;
  primary?: boolean;
  danger?: boolean;
  disabled?: boolean;
  loading?: boolean;
  testId?: string;
}

/** Sizes of the button toolbar (spec §9). */
export const TOOLBAR = {
  /** Space between buttons (px). */
  gap: 8,
  /** Width of a button that shows its icon only, the "…" one included (px). */
  iconButtonWidth: 40,
  /** Items the "…" dropdown shows before it scrolls. */
  dropdownVisibleItems: 6,
  /** Actions per row of the dropdown in grid display. */
  gridColumns: 2,
  /** Height of a dropdown item (Ant Design's control height) and the menu's vertical padding (px). */
  dropdownItemHeight: 32,
  dropdownPadding: 8,
} as const;

/** How the "…" dropdown lays out its actions: one per row with their labels, or a grid of `TOOLBAR.gridColumns`. */
export type ToolbarDisplay = 'list' | 'grid';

/** The style of the "…" dropdown's menu: at most `TOOLBAR.dropdownVisibleItems` items, then it scrolls. */
export function dropdownStyle(display: ToolbarDisplay): CSSProperties {
  const rows = display === 'grid' ? Math.ceil(TOOLBAR.dropdownVisibleItems / TOOLBAR.gridColumns) : TOOLBAR.dropdownVisibleItems;
  const size: CSSProperties = { maxHeight: rows * TOOLBAR.dropdownItemHeight + TOOLBAR.dropdownPadding, overflowY: 'auto' };
  if (display === 'list') return size;
  return { ...size, display: 'grid', gridTemplateColumns: `repeat(${TOOLBAR.gridColumns}, minmax(${TOOLBAR.iconButtonWidth}px, 1fr))`, gridAutoRows: TOOLBAR.dropdownItemHeight };
}

const hasLabel = (b: ToolbarButton) => !!b.label?.trim();

/**
 * How many buttons (from the first) fit in `available` px: all of them when they do, else as many
 * as leave room for the "…" button. `available` 0 means not measured yet: all are shown.
 */
export function fittingButtons(widths: readonly number[], available: number, moreWidth: number, gap: number = TOOLBAR.gap): number {
  if (available <= 0) return widths.length;
  const total = (count: number) => widths.slice(0, count).reduce((sum, w) => sum + w, 0) + gap * Math.max(0, count - 1);
  if (total(widths.length) <= available) return widths.length;
  let count = widths.length - 1;
  while (count > 0 && total(count) + gap + moreWidth > available) count -= 1;
  return count;
}

/**
 * A button toolbar that collapses the buttons that do not fit into a "…" dropdown (spec §4): it
 * watches its own width (ResizeObserver) and measures each button in an invisible copy of the row.
 * The dropdown shows six items before scrolling, in a list or a grid of two per row (spec §9); a
 * button without a label forces the grid, with a console warning naming it (spec §8).
 */
export function CollapsingToolbar({ buttons, testId, display: requested = 'list' }: { buttons: ToolbarButton[]; testId?: string; display?: ToolbarDisplay }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement | null>(null);
  const measure = useRef<HTMLDivElement | null>(null);
  const [available, setAvailable] = useState(0);
  const [widths, setWidths] = useState<number[]>([]);
  const [moreWidth, setMoreWidth] = useState<number>(TOOLBAR.iconButtonWidth);

  const unlabelled = buttons.filter((b) => !hasLabel(b)).map((b) => b.key);
  const display: ToolbarDisplay = unlabelled.length ? 'grid' : requested;
  const unlabelledKeys = unlabelled.join('|');
  useEffect(() => {
    if (!unlabelledKeys) return;
    for (const key of unlabelledKeys.split('|')) console.warn(`Toolbar${testId ? ` "${testId}"` : ''}: button "${key}" has no label, the dropdown is forced to grid display`);
  }, [unlabelledKeys, testId]);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    setAvailable(element.clientWidth);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const signature = buttons.map((b) => `${b.key}:${b.label}:${b.loading ? 1 : 0}`).join('|');
  useLayoutEffect(() => {
    const row = measure.current;
    if (!row) return;
    const measured = [...row.querySelectorAll<HTMLElement>('[data-measure]')];
    const more = measured.find((el) => el.dataset.measure === '__more');
    setWidths(measured.filter((el) => el.dataset.measure !== '__more').map((el) => el.offsetWidth));
    if (more) setMoreWidth(more.offsetWidth || TOOLBAR.iconButtonWidth);
  }, [signature]);

  const count = widths.length === buttons.length ? fittingButtons(widths, available, moreWidth) : buttons.length;
  const shown = buttons.slice(0, count);
  const hidden = buttons.slice(count);

  const render = (b: ToolbarButton, measuring: boolean) => (
    <Button
      key={b.key}
      type={b.primary ? 'primary' : 'default'}
      danger={b.danger}
      icon={b.icon}
      disabled={b.disabled}
      loading={b.loading}
      onClick={measuring ? undefined : b.onClick}
      tabIndex={measuring ? -1 : undefined}
      {...(hasLabel(b) ? {} : { 'aria-label': b.key, style: { width: TOOLBAR.iconButtonWidth } })}
      {...(measuring ? { 'data-measure': b.key } : b.testId ? { 'data-testid': b.testId } : {})}
    >
      {hasLabel(b) ? b.label : null}
    </Button>
  );
  const moreButton = { icon: <EllipsisOutlined />, style: { width: TOOLBAR.iconButtonWidth } };

  return (
    <div ref={container} style={{ position: 'relative', width: '100%', minWidth: 0 }} data-testid={testId} data-collapsed={hidden.length} data-display={display}>
      {/* an invisible copy of every button, to know their widths */}
      <div
        ref={measure}
        aria-hidden
        style={{ position: 'absolute', visibility: 'hidden', pointerEvents: 'none', whiteSpace: 'nowrap', display: 'flex', gap: TOOLBAR.gap, top: 0, left: 0 }}
      >
        {buttons.map((b) => render(b, true))}
        <Button {...moreButton} data-measure="__more" tabIndex={-1} />
      </div>
      <div style={{ display: 'flex', gap: TOOLBAR.gap, flexWrap: 'nowrap' }}>
        {shown.map((b) => render(b, false))}
        {hidden.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              style: dropdownStyle(display),
              items: hidden.map((b) => ({
                key: b.key,
                icon: b.icon,
                danger: b.danger,
                disabled: b.disabled || b.loading,
                title: hasLabel(b) ? b.label : b.key,
                label: <span {...(b.testId ? { 'data-testid': b.testId } : {})}>{hasLabel(b) ? b.label : null}</span>,
              })),
              onClick: ({ key }) => hidden.find((b) => b.key === key)?.onClick(),
            }}
          >
            <Button {...moreButton} aria-label={t('WIDGETS.TOOLBAR.MORE')} data-testid={testId ? `${testId}-more` : undefined} />
          </Dropdown>
        )}
      </div>
    </div>
  );
}

/**
 * The record page's buttons; which ones show and when Save is enabled is decided by the page.
 * `extra` (a domain module's actions) follow the generic ones.
 */
export function RecordToolbar({ state, actions, extra = [] }: { state: ToolbarState; actions: ToolbarActions; extra?: readonly ToolbarButton[] }) {
  const { t } = useTranslation();
  const buttons: ToolbarButton[] = [];
  if (state.showSave) {
    buttons.push({
      key: 'save',
      label: t('RECORD.ACTIONS.SAVE'),
      icon: <SaveOutlined />,
      primary: true,
      disabled: state.saveDisabled,
      loading: state.saving,
      onClick: actions.onSave,
      testId: 'record-save',
    });
  }
  if (state.showCancel) buttons.push({ key: 'cancel', label: t('RECORD.ACTIONS.CANCEL'), icon: <RollbackOutlined />, onClick: actions.onCancel, testId: 'record-cancel' });
  if (state.showEdit) buttons.push({ key: 'edit', label: t('RECORD.ACTIONS.EDIT'), icon: <EditOutlined />, primary: true, onClick: actions.onEdit, testId: 'record-edit' });
  if (state.showDelete) buttons.push({ key: 'delete', label: t('RECORD.ACTIONS.DELETE'), icon: <DeleteOutlined />, danger: true, onClick: actions.onDelete, testId: 'record-delete' });
  if (state.showRestore) buttons.push({ key: 'restore', label: t('RECORD.ACTIONS.RESTORE'), icon: <UndoOutlined />, onClick: actions.onRestore, testId: 'record-restore' });
  if (state.showHistory) buttons.push({ key: 'history', label: t('RECORD.ACTIONS.HISTORY'), icon: <HistoryOutlined />, onClick: actions.onHistory, testId: 'record-history' });
  return <CollapsingToolbar buttons={[...buttons, ...extra]} testId="record-toolbar" />;
}
