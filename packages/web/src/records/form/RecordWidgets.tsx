import type { ReactNode } from 'react';
import { RecordWidgetsProvider, type RecordWidgets } from '../../fields/record-widgets';
import { PickupModal } from '../pickup/PickupModal';
import { EmbeddedRecordModal } from './EmbeddedRecordModal';

/** The record layer's modals the reference widgets open. */
export const RECORD_WIDGETS: RecordWidgets = { PickupModal, EmbeddedRecordModal };

/** Around a record form: its reference widgets can open the pickup grid and the embedded record form. */
export function RecordWidgetsScope({ children }: { children: ReactNode }) {
  return <RecordWidgetsProvider widgets={RECORD_WIDGETS}>{children}</RecordWidgetsProvider>;
}
