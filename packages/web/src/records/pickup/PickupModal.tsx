import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import type { ColDef } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { textIn } from '../../fields/labels';
import type { PickupModalProps } from '../../fields/record-widgets';
import type { ListRecord } from '../list/list-api';
import { buildColumnDefs } from '../list/list-column-defs';
import { defaultVisibleColumns, listColumns } from '../list/list-columns';
import { EMPTY_FILTERS, MAX_QUERY_LENGTH, type ListFilters } from '../list/list-url';
import { RecordGrid, type GridFeedback } from '../list/RecordGrid';

/**
 * The large list pickup modal (spec §2 "Modals", §5): the entity's server-paged grid (the list's
 * own RecordGrid and columns), single or multiple selection, Cancel, and Confirm disabled until a
 * row is selected. A double click on a row confirms that row in single selection.
 */
export function PickupModal({ open, target, multiple = false, enableFilters = false, initialQuery = '', title, onConfirm, onCancel }: PickupModalProps) {
  const { t, i18n } = useTranslation();
  const [selected, setSelected] = useState<ListRecord[]>([]);
  const [draft, setDraft] = useState(initialQuery);
  const [filters, setFilters] = useState<ListFilters>(() => ({ ...EMPTY_FILTERS, query: enableFilters ? initialQuery.trim() : '' }));
  const [error, setError] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const latest = useRef({ selected, multiple, onConfirm });
  latest.current = { selected, multiple, onConfirm };

  // every opening starts afresh: nothing selected, the given search
  useEffect(() => {
    if (!open) return;
    setSelected([]);
    setDraft(initialQuery);
    const query = enableFilters ? initialQuery.trim().slice(0, MAX_QUERY_LENGTH) : '';
    // the same search keeps its object: the grid's datasource is not replaced for nothing
    setFilters((previous) => (previous.query === query && previous.filters.length === 0 ? previous : { ...EMPTY_FILTERS, query }));
    setError(false);
  }, [open, initialQuery, enableFilters]);

  const columnDefs = useMemo(() => {
    const columns = listColumns(target);
    const defs = buildColumnDefs(columns, new Set(defaultVisibleColumns(columns)), { target, language: i18n.language, t });
    // the code links to the record page in a list; here a click chooses the row instead
    return defs.map((def): ColDef<ListRecord> => (def.colId === 'code' ? { ...def, cellRenderer: undefined, cellRendererParams: undefined } : def));
  }, [target, i18n.language, t]);

  const request = useMemo(() => ({ filters, showDeleted: false }), [filters]);

  const feedback: GridFeedback = useMemo(
    () => ({
      loaded: () => setError(false),
      failed: () => setError(true),
      sorted: () => undefined,
      selected: (_count, rows) => setSelected(rows),
      open: (id) => {
        const { selected: rows, multiple: several, onConfirm: confirm } = latest.current;
        const row = rows.find((r) => r.id === id);
        if (!several && row) confirm([row]);
      },
    }),
    [],
  );

  const search = () => {
    setSelected([]);
    setFilters({ ...EMPTY_FILTERS, query: draft.trim().slice(0, MAX_QUERY_LENGTH) });
  };

  return (
    <Modal
      open={open}
      width={MODAL_WIDTH.large}
      title={title ?? t('WIDGETS.PICKUP.TITLE', { entity: textIn(target.label, i18n.language) })}
      destroyOnHidden
      onCancel={onCancel}
      footer={
        <Space>
          <Button onClick={onCancel} data-testid="pickup-cancel">
            {t('WIDGETS.CANCEL')}
          </Button>
          <Button type="primary" disabled={selected.length === 0} onClick={() => onConfirm(selected)} data-testid="pickup-confirm">
            {t('WIDGETS.CONFIRM')}
          </Button>
        </Space>
      }
    >
      <div data-testid="pickup-modal" data-route={target.route} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {enableFilters && (
          <Space.Compact style={{ width: 420, maxWidth: '100%' }}>
            <Input
              allowClear
              value={draft}
              maxLength={MAX_QUERY_LENGTH}
              placeholder={t('WIDGETS.PICKUP.SEARCH_PLACEHOLDER')}
              aria-label={t('WIDGETS.PICKUP.SEARCH')}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={search}
              data-testid="pickup-search-input"
            />
            <Button icon={<SearchOutlined />} onClick={search} data-testid="pickup-search-button">
              {t('WIDGETS.PICKUP.SEARCH')}
            </Button>
          </Space.Compact>
        )}
        {error && (
          <Alert
            type="error"
            showIcon
            title={t('WIDGETS.PICKUP.LOAD_ERROR')}
            action={<Button onClick={() => setReloadKey((k) => k + 1)}>{t('WIDGETS.RETRY')}</Button>}
            data-testid="pickup-error"
          />
        )}
        <div style={{ height: 420 }} data-testid="pickup-grid">
          {open && (
            <RecordGrid
              endpoint={target.endpoint}
              request={request}
              columnDefs={columnDefs}
              feedback={feedback}
              reloadKey={reloadKey}
              selection={multiple ? 'multiple' : 'single'}
            />
          )}
        </div>
        <Typography.Text type="secondary" data-testid="pickup-selected" data-count={selected.length}>
          {t('WIDGETS.PICKUP.SELECTED', { count: selected.length })}
        </Typography.Text>
      </div>
    </Modal>
  );
}
