import type { Target } from '@circula/model';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { RecordSummary } from './records-api';

/** The large list pickup modal of an entity (spec §2 "Modals"): its grid, single or multiple choice. */
export interface PickupModalProps {
  open: boolean;
  /** The entity whose records are offered (its search API pages the grid). */
  target: Target;
  /** Several rows may be chosen (checkboxes); else one, by a click. */
  multiple?: boolean;
  /** Advanced search: a free-text search box above the grid (the reference input's advanced search). */
  enableFilters?: boolean;
  /** The text the search starts with (what the user had typed in the autocomplete). */
  initialQuery?: string;
  title?: string;
  onConfirm: (rows: RecordSummary[]) => void;
  onCancel: () => void;
}

/** The embedded-crud modal (spec §3/§4): the linked entity's record form in a modal. */
export interface EmbeddedRecordModalProps {
  target: Target;
  /** The linked record; null: the form creates one. */
  id: number | null;
  /** Editing allowed: the form is enabled and Confirm saves it; else the record is only shown. */
  editable: boolean;
  /** The saved (or shown) record. */
  onConfirm: (record: RecordSummary) => void;
  /** Unlinks the record (the field becomes null); absent when the field is read-only. */
  onDelete?: () => void;
  onCancel: () => void;
}

/**
 * What some widgets open but do not own: the record layer's pickup grid and record form. The
 * record pages hand them down, so the widgets never import the record pages that render them.
 */
export interface RecordWidgets {
  PickupModal: ComponentType<PickupModalProps>;
  EmbeddedRecordModal: ComponentType<EmbeddedRecordModalProps>;
}

const RecordWidgetsContext = createContext<RecordWidgets | null>(null);

export function RecordWidgetsProvider({ widgets, children }: { widgets: RecordWidgets; children: ReactNode }) {
  return <RecordWidgetsContext.Provider value={widgets}>{children}</RecordWidgetsContext.Provider>;
}

/** The record layer's modals; a widget rendered outside a record form cannot open them. */
export function useRecordWidgets(): RecordWidgets {
  const widgets = useContext(RecordWidgetsContext);
  if (!widgets) throw new Error('a reference widget was rendered outside RecordWidgetsProvider (the record form provides it)');
  return widgets;
}
