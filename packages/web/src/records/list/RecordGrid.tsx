import type { ColDef, RowClassParams, RowStyle } from 'ag-grid-community';
import { useCallback, useRef } from 'react';
import { InfiniteGrid } from './InfiniteGrid';
import type { BlockRequest } from './infinite-grid';
import { isDeleted, searchRecords, type ListRecord } from './list-api';
import { searchQuery, sortSpecs, type ListRequest } from './list-request';

const recordId = (record: ListRecord) => String(record.id);
const deletedRowStyle: RowStyle = { color: '#8c8c8c', textDecoration: 'line-through' };

export interface GridFeedback {
  /** The search answered: the total of matching rows (`estimated`: the server's estimate of a big list). */
  loaded(total: number, estimated?: boolean): void;
  failed(error: unknown): void;
  /** The sort the user chose by clicking headers (server-side sort). */
  sorted(sort: ListRequest['sort']): void;
  /** The selected rows changed (the pickup modal needs the rows themselves). */
  selected(count: number, rows: ListRecord[]): void;
  open(id: number): void;
}

interface Props {
  endpoint: string;
  request: Omit<ListRequest, 'sort'>;
  columnDefs: ColDef<ListRecord>[];
  feedback: GridFeedback;
  /** Changing it reloads every block (the Retry button). */
  reloadKey: number;
  /** 'multiple' (default): checkboxes; 'single': one row, chosen by a click (the pickup modal). */
  selection?: 'single' | 'multiple';
}

/**
 * The records of a list in AG Grid's infinite row model: the grid asks for one block of
 * BLOCK_SIZE rows at a time as the user scrolls, the search API answers one page per block and
 * its total sizes the scroll bar. Sorting by a header asks the server again.
 */
export function RecordGrid({ endpoint, request, columnDefs, feedback, reloadKey, selection = 'multiple' }: Props) {
  const feedbackRef = useRef(feedback);
  feedbackRef.current = feedback;

  const { filters, showDeleted, exactCount = false } = request;
  const fetchBlock = ({ startRow, endRow, sortModel }: BlockRequest) =>
    searchRecords(endpoint, searchQuery({ filters, showDeleted, exactCount, sort: sortSpecs(sortModel) }, startRow, endRow));
  const getRowStyle = useCallback((params: RowClassParams<ListRecord>) => (isDeleted(params.data) ? deletedRowStyle : undefined), []);

  return (
    <InfiniteGrid<ListRecord>
      fetchBlock={fetchBlock}
      // reloadKey: a retry builds a new datasource
      reloadOn={[endpoint, filters, showDeleted, exactCount, reloadKey]}
      feedback={feedback}
      columnDefs={columnDefs}
      rowId={recordId}
      onOpen={(record) => feedbackRef.current.open(record.id)}
      extras={{
        // the page shows its own empty state, worded for a search
        suppressOverlays: ['noRows'],
        getRowStyle,
        rowSelection:
          selection === 'single'
            ? { mode: 'singleRow', checkboxes: true, enableClickSelection: true }
            : { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false },
        onSortChanged: (event) => {
          const model = event.api.getColumnState().flatMap((c) => (c.sort ? [{ colId: c.colId, sort: c.sort, index: c.sortIndex ?? 0 }] : []));
          feedbackRef.current.sorted(sortSpecs(model.sort((a, b) => a.index - b.index)));
        },
        onSelectionChanged: (event) => {
          const rows = event.api.getSelectedRows();
          feedbackRef.current.selected(rows.length, rows);
        },
      }}
    />
  );
}
