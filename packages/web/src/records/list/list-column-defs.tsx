import type { Target } from '@circula/model';
import { Tag, Typography } from 'antd';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format';
import { shownField } from '../../fields/owner-reference';
import { widgetFor } from '../../fields/registry';
import { isDeleted, type ListRecord } from './list-api';
import type { ListColumn } from './list-columns';

interface Context {
  target: Target;
  language: string;
  t: TFunction;
}

type Cell = ICellRendererParams<ListRecord>;

function CodeCell({ data, route, t }: Cell & { route: string; t: TFunction }) {
  if (!data) return null;
  const code = data.code || t('RECORD_LIST.NO_CODE');
  return (
    <span>
      <Link to={`/${route}/${data.id}`} aria-label={t('RECORD_LIST.OPEN', { code })} data-testid="list-open-record">
        {code}
      </Link>
      {isDeleted(data) && (
        <Tag color="red" style={{ marginInlineStart: 8 }} data-testid="list-deleted-tag">
          {t('RECORD_LIST.DELETED')}
        </Tag>
      )}
    </span>
  );
}

function StatusCell({ data, target, language }: Cell & { target: Target; language: string }) {
  const code = data?.status;
  if (!code) return null;
  const status = target.entity.statuses?.list.find((s) => s.code === code);
  if (!status) return <Typography.Text>{code}</Typography.Text>;
  return <Tag color={status.color}>{language === 'en' ? status.label.en : status.label.it}</Tag>;
}

/** The grid columns of a list: the common ones and, per field, the column of its widget (fields/registry). */
export function buildColumnDefs(columns: readonly ListColumn[], visible: ReadonlySet<string>, { target, language, t }: Context): ColDef<ListRecord>[] {
  const lang = language === 'en' ? 'en' : 'it';
  return columns.map((column): ColDef<ListRecord> => {
    const hide = !visible.has(column.id);
    switch (column.kind) {
      case 'code':
        return {
          colId: column.id,
          field: 'code',
          headerName: t('RECORD_LIST.COLUMN.CODE'),
          sortable: true,
          minWidth: 140,
          hide,
          cellRenderer: CodeCell,
          cellRendererParams: { route: target.route, t },
        };
      case 'status':
        return {
          colId: column.id,
          field: 'status',
          headerName: t('RECORD_LIST.COLUMN.STATUS'),
          sortable: true,
          hide,
          cellRenderer: StatusCell,
          cellRendererParams: { target, language: lang },
        };
      case 'updatedAt':
        return {
          colId: column.id,
          field: 'updatedAt',
          headerName: t('RECORD_LIST.COLUMN.UPDATED_AT'),
          sortable: true,
          hide,
          valueFormatter: ({ value }) => formatDateTime(value as string | null),
        };
      case 'field': {
        const field = shownField(target, column.id, target.entity.fields[column.id]!);
        const label = field.label?.[lang] ?? column.id;
        return { ...widgetFor(field).column({ name: column.id, field, label, language: lang }), colId: column.id, hide };
      }
    }
  });
}

/** A column's header in the column chooser. */
export function columnLabel(column: ListColumn, { target, language, t }: Context): string {
  switch (column.kind) {
    case 'code':
      return t('RECORD_LIST.COLUMN.CODE');
    case 'status':
      return t('RECORD_LIST.COLUMN.STATUS');
    case 'updatedAt':
      return t('RECORD_LIST.COLUMN.UPDATED_AT');
    case 'field': {
      const field = target.entity.fields[column.id];
      return field?.label?.[language === 'en' ? 'en' : 'it'] ?? column.id;
    }
  }
}
