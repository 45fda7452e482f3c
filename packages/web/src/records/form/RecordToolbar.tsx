import { DeleteOutlined, EditOutlined, HistoryOutlined, RollbackOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ToolbarState {
  showSave: boolean;
  saveDisabled: boolean;
  saving: boolean;
  showEdit: boolean;
  showDelete: boolean;
  showRestore: boolean;
  showHistory: boolean;
  showCancel: boolean;
}

export interface ToolbarActions {
  onSave: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRestore: () => void;
  onHistory: () => void;
  onCancel: () => void;
}

/** The record page's buttons; which ones show and when Save is enabled is decided by the page. */
export function RecordToolbar({ state, actions }: { state: ToolbarState; actions: ToolbarActions }) {
  const { t } = useTranslation();
  return (
    <Space wrap data-testid="record-toolbar">
      {state.showSave && (
        <Button type="primary" icon={<SaveOutlined />} data-testid="record-save" disabled={state.saveDisabled} loading={state.saving} onClick={actions.onSave}>
          {t('RECORD.ACTIONS.SAVE')}
        </Button>
      )}
      {state.showCancel && (
        <Button icon={<RollbackOutlined />} data-testid="record-cancel" onClick={actions.onCancel}>
          {t('RECORD.ACTIONS.CANCEL')}
        </Button>
      )}
      {state.showEdit && (
        <Button type="primary" icon={<EditOutlined />} data-testid="record-edit" onClick={actions.onEdit}>
          {t('RECORD.ACTIONS.EDIT')}
        </Button>
      )}
      {state.showDelete && (
        <Button danger icon={<DeleteOutlined />} data-testid="record-delete" onClick={actions.onDelete}>
          {t('RECORD.ACTIONS.DELETE')}
        </Button>
      )}
      {state.showRestore && (
        <Button icon={<UndoOutlined />} data-testid="record-restore" onClick={actions.onRestore}>
          {t('RECORD.ACTIONS.RESTORE')}
        </Button>
      )}
      {state.showHistory && (
        <Button icon={<HistoryOutlined />} data-testid="record-history" onClick={actions.onHistory}>
          {t('RECORD.ACTIONS.HISTORY')}
        </Button>
      )}
    </Space>
  );
}
