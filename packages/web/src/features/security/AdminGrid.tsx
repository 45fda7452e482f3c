import {
  CellStyleModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  themeQuartz,
  TooltipModule,
  type ColDef,
  type GetRowIdParams,
  type IDatasource,
  type RowDoubleClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../../api/http';
import { BLOCK_SIZE } from '../../records/list/list-request';
import { fetchPage } from './security-api';

ModuleRegistry.registerModules([InfiniteRowModelModule, LocaleModule, CellStyleModule, TooltipModule]);

const gridTheme = themeQuartz.withParams({ accentColor: '#2f7d4f', fontFamily: 'inherit', headerFontWeight: 600, browserColorScheme: 'light' });

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

/** `sort=field,dir` from the grid's sort model (the server sorts; several joined by `;`). */
export function sortFromModel(model: readonly { colId: string; sort: 'asc' | 'desc' }[]): string | undefined {
  return model.length ? model.map((m) => `${m.colId},${m.sort}`).join(';') : undefined;
}

/**
 * A server-paged list of the administration pages in AG Grid's infinite row model: one request
 * of BLOCK_SIZE rows per block as the user scrolls, the total sizes the scroll bar, header clicks
 * on sortable columns ask the server again.
 */
export function AdminGrid<T>({ endpoint, query, columnDefs, rowId, reloadKey, onLoaded, onFailed, onOpen, testId }: AdminGridProps<T>) {
  const { t } = useTranslation();
  const callbacks = useRef({ onLoaded, onFailed, onOpen });
  callbacks.current = { onLoaded, onFailed, onOpen };
  const queryKey = JSON.stringify(query);

  const datasource = useMemo<IDatasource>(() => {
    let current = true;
    const fixed = JSON.parse(queryKey) as Record<string, QueryValue>;
    return {
      getRows(params) {
        const size = params.endRow - params.startRow;
        const sort = sortFromModel(params.sortModel);
        fetchPage<T>(endpoint, { ...fixed, page: Math.floor(params.startRow / size), size, ...(sort ? { sort } : {}) }).then(
          (page) => {
            params.successCallback(page.items, page.total);
            if (current) callbacks.current.onLoaded(page.total);
          },
          (error: unknown) => {
            params.failCallback();
            if (current) callbacks.current.onFailed(error);
          },
        );
      },
      destroy() {
        current = false;
      },
    };
    // reloadKey: a new datasource drops every block
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint, queryKey, reloadKey]);

  const localeText = useMemo(
    () => ({ loadingOoo: t('RECORD_LIST.GRID.LOADING'), noRowsToShow: t('RECORD_LIST.GRID.NO_ROWS'), loadingError: t('RECORD_LIST.GRID.ERROR') }),
    [t],
  );
  const getRowId = useCallback((params: GetRowIdParams<T>) => rowId(params.data), [rowId]);
  const onRowDoubleClicked = useCallback((event: RowDoubleClickedEvent<T>) => {
    if (event.data) callbacks.current.onOpen?.(event.data);
  }, []);

  return (
    <div data-testid={testId} style={{ height: 'calc(100vh - 260px)', minHeight: 360 }}>
      <AgGridReact<T>
        theme={gridTheme}
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
