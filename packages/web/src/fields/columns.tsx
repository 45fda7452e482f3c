import { isScalar, type FieldDefinition } from '@circula/model';
import type { ColDef, ICellRendererParams, ValueFormatterParams } from 'ag-grid-community';
import { i18n } from '../i18n';
import { ScalarDisplay } from './displays';
import { formatScalar } from './format-value';
import type { ColumnArgs, FieldDisplayProps, Widget } from './types';

const NUMERIC = new Set(['integer', 'decimal', 'money']);

/** The server sorts only scalar, filterable fields (search compiler); the grid never filters. */
export const serverSortable = (field: FieldDefinition): boolean => isScalar(field) && field.filterable !== false;

function baseColumn({ name, field, label }: ColumnArgs): ColDef {
  return {
    colId: name,
    field: name,
    headerName: label,
    sortable: serverSortable(field),
    filter: false,
    // values are formatted here, not by AG Grid's guess of their type
    cellDataType: false,
  };
}

/** Scalars: formatted text (Italian numbers and dates), numbers right-aligned. */
export function scalarColumn(args: ColumnArgs): ColDef {
  const { field, language } = args;
  // a deadline is flagged in the cell (expired, expiring) as on the record
  if (field.type === 'date' && field.deadline) return displayColumn(ScalarDisplay)(args);
  const t = i18n.getFixedT(language);
  return {
    ...baseColumn(args),
    ...(NUMERIC.has(field.type) ? { type: 'rightAligned' } : {}),
    valueFormatter: (p: ValueFormatterParams) => formatScalar(field, p.value, (v) => t(v ? 'FIELDS.YES' : 'FIELDS.NO')) ?? '',
  };
}

/** Values shown through a lookup (lookup labels, referenced records, tags, units): the display renders the cell. */
export function displayColumn<F extends FieldDefinition>(Display: Widget<FieldDisplayProps<F>>, align?: 'right') {
  return (args: ColumnArgs<F>): ColDef => {
    const { name, field } = args;
    const Cell = (p: ICellRendererParams) => <Display name={name} field={field} value={p.value as unknown} />;
    return {
      ...baseColumn(args),
      ...(align ? { type: 'rightAligned' } : {}),
      cellRenderer: Cell,
      // copy, export and tooltips fall back to the raw value as text
      valueFormatter: (p: ValueFormatterParams) => (p.value == null ? '' : typeof p.value === 'object' ? JSON.stringify(p.value) : String(p.value)),
    };
  };
}
