import {
  CellStyleModule,
  ColumnAutoSizeModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  RowSelectionModule,
  RowStyleModule,
  TooltipModule,
  type ColDef,
  type GetRowIdParams,
  type GridOptions,
  type RowDoubleClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useRef } from 'react';
import { GRID_THEME, useGridLocaleText, useInfiniteDatasource, type BlockFeedback, type BlockPage, type BlockRequest } from './infinite-grid';
import { BLOCK_SIZE } from './list-request';

ModuleRegistry.registerModules([InfiniteRowModelModule, LocaleModule, RowSelectionModule, RowStyleModule, CellStyleModule, ColumnAutoSizeModule, TooltipModule]);

/** What a page using the grid may add to AG Grid's own options (selection, row style, sort events…). */
export type GridExtras<T> = Omit<
  GridOptions<T>,
  'theme' | 'rowModelType' | 'datasource' | 'cacheBlockSize' | 'columnDefs' | 'defaultColDef' | 'localeText' | 'getRowId' | 'onRowDoubleClicked'
>;

export interface InfiniteGridProps<T> {
  /** One block of rows: one page of the server's search for the rows `startRow`…`endRow` in the grid's sort. */
  fetchBlock(block: BlockRequest): Promise<BlockPage<T>>;
  /** What the rows depend on (endpoint, search, a reload key): a change reloads from the first row. */
  reloadOn: readonly unknown[];
  feedback: BlockFeedback;
  columnDefs: ColDef<T>[];
  rowId(row: T): string;
  /** A double click on a row. */
  onOpen?(row: T): void;
  extras?: GridExtras<T>;
}

/**
 * The server-paged grid of every list: record lists, the pickup modal and the administration
 * lists (users, groups, authorities, sessions, outbox). AG Grid's infinite row model asks for one
 * block of BLOCK_SIZE rows at a time as the user scrolls; the search answers one page per block
 * and its total sizes the scroll bar; a header click on a sortable column asks the server again.
 */
export function InfiniteGrid<T>({ fetchBlock, reloadOn, feedback, columnDefs, rowId, onOpen, extras }: InfiniteGridProps<T>) {
  // the grid reads getRowId once: the callbacks go through refs, so a page may pass new closures
  const callbacks = useRef({ onOpen, rowId });
  callbacks.current = { onOpen, rowId };
  const datasource = useInfiniteDatasource(fetchBlock, feedback, reloadOn);
  const localeText = useGridLocaleText();
  const getRowId = useCallback((params: GetRowIdParams<T>) => callbacks.current.rowId(params.data), []);
  const onRowDoubleClicked = useCallback((event: RowDoubleClickedEvent<T>) => {
    if (event.data) callbacks.current.onOpen?.(event.data);
  }, []);

  return (
    <AgGridReact<T>
      theme={GRID_THEME}
      rowModelType="infinite"
      datasource={datasource}
      cacheBlockSize={BLOCK_SIZE}
      maxBlocksInCache={20}
      maxConcurrentDatasourceRequests={2}
      blockLoadDebounceMillis={100}
      infiniteInitialRowCount={1}
      columnDefs={columnDefs}
      defaultColDef={{ flex: 1, minWidth: 120, resizable: true, sortable: false }}
      localeText={localeText}
      getRowId={getRowId}
      onRowDoubleClicked={onRowDoubleClicked}
      {...extras}
    />
  );
}
