import { themeQuartz, type IDatasource, type SortModelItem } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** AG Grid in the app's colours and font (theming API, no CSS theme files). */
export const GRID_THEME = themeQuartz.withParams({
  accentColor: '#2f7d4f',
  fontFamily: 'inherit',
  headerFontWeight: 600,
  browserColorScheme: 'light',
});

/** The grid's own texts (loading, no rows, error) in the user's language. */
export function useGridLocaleText(): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(
    () => ({ loadingOoo: t('RECORD_LIST.GRID.LOADING'), noRowsToShow: t('RECORD_LIST.GRID.NO_ROWS'), loadingError: t('RECORD_LIST.GRID.ERROR') }),
    [t],
  );
}

/** One block the grid asks for: rows `startRow` (inclusive) to `endRow` (exclusive), in the grid's sort. */
export interface BlockRequest {
  startRow: number;
  endRow: number;
  sortModel: readonly SortModelItem[];
}

/** What a server page answers: the block's rows and the total that sizes the scroll bar. */
export interface BlockPage<T> {
  items: T[];
  total: number;
  /** The total is the server's estimate (a list past its exact count). */
  estimated?: boolean;
}

/** What the page around the grid hears of its requests. */
export interface BlockFeedback {
  loaded(total: number, estimated?: boolean): void;
  failed(error: unknown): void;
}

/**
 * The last row AG Grid is told of: the total when exact; with an estimate, the estimate (so the
 * scroll bar has its size), at least one row past a full block (an estimate that fell short), and
 * the real end once a block comes back short.
 */
export function lastRowOf(page: { items: unknown[]; total: number; estimated?: boolean }, block: { startRow: number; endRow: number }): number {
  if (!page.estimated) return page.total;
  return page.items.length < block.endRow - block.startRow ? block.startRow + page.items.length : Math.max(page.total, block.endRow + 1);
}

/**
 * AG Grid's infinite-row-model datasource over a server search: each block the grid asks for is
 * one page of `fetchBlock`, its total sizes the scroll bar. The page hears of each answer, except
 * from a datasource the grid has already dropped (a late answer to an old search).
 */
export function infiniteDatasource<T>(fetchBlock: (block: BlockRequest) => Promise<BlockPage<T>>, feedback: () => BlockFeedback): IDatasource {
  let current = true;
  return {
    getRows(params) {
      fetchBlock({ startRow: params.startRow, endRow: params.endRow, sortModel: params.sortModel }).then(
        (page) => {
          params.successCallback(page.items, lastRowOf(page, params));
          if (current) feedback().loaded(page.total, page.estimated === true);
        },
        (error: unknown) => {
          params.failCallback();
          if (current) feedback().failed(error);
        },
      );
    },
    destroy() {
      current = false;
    },
  };
}

/**
 * The datasource of a grid, built anew (which makes the grid drop its blocks and ask again from
 * the first row) only when one of `reloadOn` changes: what is searched, or a reload key for Retry.
 * `fetchBlock` is taken from the render where `reloadOn` changed; `feedback` is always the latest.
 */
export function useInfiniteDatasource<T>(
  fetchBlock: (block: BlockRequest) => Promise<BlockPage<T>>,
  feedback: BlockFeedback,
  reloadOn: readonly unknown[],
): IDatasource {
  const feedbackRef = useRef(feedback);
  feedbackRef.current = feedback;
  // the caller names what the search depends on; fetchBlock is a new closure on every render
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => infiniteDatasource(fetchBlock, () => feedbackRef.current), reloadOn);
}
