import { AreaPlaceholderPage, type AreaMode } from './AreaPlaceholderPage';

/**
 * Entry point of the areas the spec loads lazily: this module is only imported dynamically, so
 * those areas arrive in their own chunk. It shows the same placeholder until their pages exist.
 */
export function LazyAreaPage(props: { route: string; mode: AreaMode }) {
  return <AreaPlaceholderPage {...props} />;
}
