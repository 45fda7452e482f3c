import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ChooserColumn {
  id: string;
  label: string;
}

interface Props {
  columns: readonly ChooserColumn[];
  visible: readonly string[];
  onChange(visible: string[]): void;
  onReset(): void;
}

/** Shows or hides the list's columns; at least one stays visible. */
export function ColumnChooser({ columns, visible, onChange, onReset }: Props) {
  const { t } = useTranslation();
  const shown = new Set(visible);
  const toggle = (id: string, on: boolean) => {
    const next = columns.filter((c) => (c.id === id ? on : shown.has(c.id))).map((c) => c.id);
    if (next.length > 0) onChange(next);
  };
  const content = (
    <div data-testid="list-columns-panel" style={{ maxHeight: 360, overflowY: 'auto', minWidth: 220 }}>
      <Space orientation="vertical" size={4}>
        {columns.map((column) => (
          <Checkbox
            key={column.id}
            checked={shown.has(column.id)}
            // the last visible column cannot be hidden
            disabled={shown.has(column.id) && shown.size === 1}
            onChange={(event) => toggle(column.id, event.target.checked)}
            data-testid={`list-column-${column.id}`}
          >
            {column.label}
          </Checkbox>
        ))}
      </Space>
      <Divider style={{ margin: '8px 0' }} />
      <Space orientation="vertical" size={4}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('RECORD_LIST.COLUMNS_AT_LEAST_ONE')}
        </Typography.Text>
        <Button size="small" onClick={onReset} data-testid="list-columns-reset">
          {t('RECORD_LIST.COLUMNS_RESET')}
        </Button>
      </Space>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('RECORD_LIST.COLUMNS_TITLE')} content={content}>
      <Button icon={<SettingOutlined />} data-testid="list-columns-button">
        {t('RECORD_LIST.COLUMNS')}
      </Button>
    </Popover>
  );
}
