import {
  CellStyleModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  TooltipModule,
  type ColDef,
  type GetRowIdParams,
  type RowDoubleClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useRef } from 'react';
import type { QueryValue } from '../../api/http';
import { GRID_THEME, useGridLocaleText, useInfiniteDatasource, type BlockRequest } from '../../records/list/infinite-grid';
import { BLOCK_SIZE, sortParam, sortSpecs } from '../../records/list/list-request';
import { fetchPage } from './security-api';

ModuleRegistry.registerModules([InfiniteRowModelModule, LocaleModule, CellStyleModule, TooltipModule]);

export interface AdminGridProps<T> {
  endpoint: string;
  /** Sent with every page (search text, filters); a change reloads from the first row. */
  query: Record<string, QueryValue>;
  columnDefs: ColDef<T>[];
  rowId(row: T): string;
  /** Changing it reloads every block (after a change, or Retry). */
  reloadKey: string | number;
  onLoaded(total: number): void;
  onFailed(error: unknown): void;
  onOpen?(row: T): void;
  testId: string;
}

/**
 * A server-paged list of the administration pages in AG Grid's infinite row model: one request
 * of BLOCK_SIZE rows per block as the user scrolls, the total sizes the scroll bar, header clicks
 * on sortable columns ask the server again.
 */
export function AdminGrid<T>({ endpoint, query, columnDefs, rowId, reloadKey, onLoaded, onFailed, onOpen, testId }: AdminGridProps<T>) {
  const callbacks = useRef({ onOpen });
  callbacks.current = { onOpen };

  const fetchBlock = ({ startRow, endRow, sortModel }: BlockRequest) => {
    const size = endRow - startRow;
    const sort = sortParam(sortSpecs(sortModel));
    return fetchPage<T>(endpoint, { ...query, page: Math.floor(startRow / size), size, ...(sort ? { sort } : {}) });
  };
  // the same search keeps its datasource: the query is compared by value; reloadKey drops every block
  const datasource = useInfiniteDatasource(fetchBlock, { loaded: onLoaded, failed: onFailed }, [endpoint, JSON.stringify(query), reloadKey]);
  const localeText = useGridLocaleText();
  const getRowId = useCallback((params: GetRowIdParams<T>) => rowId(params.data), [rowId]);
  const onRowDoubleClicked = useCallback((event: RowDoubleClickedEvent<T>) => {
    if (event.data) callbacks.current.onOpen?.(event.data);
  }, []);

  return (
    <div data-testid={testId} style={{ height: 'calc(100vh - 260px)', minHeight: 360 }}>
      <AgGridReact<T>
        theme={GRID_THEME}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={BLOCK_SIZE}
        maxBlocksInCache={20}
        maxConcurrentDatasourceRequests={2}
        blockLoadDebounceMillis={50}
        infiniteInitialRowCount={1}
        columnDefs={columnDefs}
        defaultColDef={{ flex: 1, minWidth: 120, resizable: true, sortable: false }}
        localeText={localeText}
        getRowId={getRowId}
        onRowDoubleClicked={onRowDoubleClicked}
      />
    </div>
  );
}
