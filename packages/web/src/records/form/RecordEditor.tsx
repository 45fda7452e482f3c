import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Form, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteSlots } from '../../domain';
import type { RecordSlotContext } from '../../domain/slots';
import { textIn } from '../../fields/labels';
import { HistoryDrawer } from './HistoryDrawer';
import { RecordFields } from './RecordFields';
import { RecordToolbar } from './RecordToolbar';
import { RecordWidgetsScope } from './RecordWidgets';
import { StatusBar } from './StatusBar';
import { RecordControllerDialogs, useRecordController, type RecordController, type RecordControllerOptions } from './useRecordController';
import { useRecordTab } from './useRecordTab';

export interface RecordEditorProps extends RecordControllerOptions {
  /** The back link of the virtual folder view. */
  back?: string | null;
}

const slotFallback = <Spin style={{ display: 'block', margin: '16px auto' }} />;

/** A domain module's part of the page, in its own chunk when it has one. */
const slot = (node: ReactNode) => <Suspense fallback={slotFallback}>{node}</Suspense>;

function Title({ controller, back }: { controller: RecordController; back: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { current, mode, target, deleted } = controller;
  return (
    <Space align="center" wrap style={{ marginBottom: 8 }}>
      {back && (
        <Button icon={<ArrowLeftOutlined />} data-testid="record-back" onClick={() => void navigate(back)}>
          {t('RECORD.ACTIONS.BACK')}
        </Button>
      )}
      <Typography.Title level={2} style={{ margin: 0 }} data-testid="record-title">
        {textIn(target.label, i18n.language)}
        {current?.code ? ` · ${current.code}` : mode === 'new' ? ` · ${t('RECORD.NEW')}` : ''}
      </Typography.Title>
      {deleted && (
        <Tag color="red" data-testid="record-deleted">
          {t('RECORD.DELETED')}
        </Tag>
      )}
    </Space>
  );
}

/**
 * The generic view of a record controller: title, toolbar (with the route's domain actions), status
 * bar, the form with the route's domain sections, the route's domain tabs, history, and the
 * conflict and leave dialogs.
 */
export function RecordEditor({ back = null, ...options }: RecordEditorProps) {
  const { t, i18n } = useTranslation();
  const controller = useRecordController(options);
  const slots = useRouteSlots(options.target.route);
  const [historyOpen, setHistoryOpen] = useState(false);
  const { target, current, deleted, formMode, readOnly } = controller;
  const context: RecordSlotContext = { target, controller };
  const visible = <T extends { visible?: (c: RecordSlotContext) => boolean }>(items: readonly T[]) => items.filter((item) => item.visible?.(context) ?? true);
  const tabs = visible(slots.tabs);
  const sections = visible(slots.sections);
  const tab = useRecordTab(['data', ...tabs.map((x) => x.key)], options.mode === 'virtual-folder' ? slots.virtualFolderTabPreference : undefined);
  const editing = formMode !== 'show';
  const workflow = target.entity.statuses;

  const data = (
    <>
      <Form
        form={controller.form}
        layout="vertical"
        initialValues={controller.initialValues}
        disabled={readOnly}
        onValuesChange={(_changed, all) => controller.onValuesChange(all)}
        onFinish={() => void controller.save()}
      >
        <RecordWidgetsScope>
          <RecordFields target={target} mode={formMode} disabled={readOnly} />
        </RecordWidgetsScope>
      </Form>
      {sections.map((section) => (
        <div key={section.key} data-testid={`record-section-${section.key}`}>
          {slot(section.render(context))}
        </div>
      ))}
    </>
  );

  return (
    <div data-testid="record-page" data-mode={options.mode} data-dirty={controller.dirty || undefined}>
      <Title controller={controller} back={back} />

      <div style={{ marginBottom: 16 }}>
        <RecordToolbar
          state={{
            showSave: editing,
            saveDisabled: controller.saveDisabled,
            saving: controller.saving,
            showCancel: editing,
            showEdit: !editing && !!current && !deleted && controller.canWrite,
            showDelete: !!current && !deleted && controller.canDelete,
            showRestore: !!current && deleted && controller.canDelete,
            showHistory: !!current,
          }}
          actions={{
            onSave: () => void controller.save(),
            onEdit: controller.edit,
            onDelete: controller.confirmDelete,
            onRestore: () => void controller.restore(),
            onHistory: () => setHistoryOpen(true),
            onCancel: controller.cancel,
          }}
          extra={slots.recordActions.map((action) => action.button(context, t)).filter((button) => button !== null)}
        />
      </div>

      {workflow && (
        <StatusBar
          workflow={workflow}
          current={current?.status ?? workflow.default}
          allowed={current?.allowedStatuses ?? []}
          canWrite={!!current && current.canWrite && options.conf.canWrite}
          pending={controller.pendingStatus}
          busy={controller.saving || controller.saveLocked}
          onChoose={controller.chooseStatus}
        />
      )}

      {tabs.length === 0 ? (
        data
      ) : (
        <Tabs
          data-testid="record-tabs"
          activeKey={tab.active}
          onChange={tab.choose}
          items={[
            // the form stays mounted on another tab: its values and dirty state are kept
            { key: 'data', label: t('RECORD_TABS.DATA'), children: data, forceRender: true },
            ...tabs.map((x) => ({ key: x.key, label: textIn(x.label, i18n.language), children: slot(x.render(context)) })),
          ]}
        />
      )}

      {current && <HistoryDrawer target={target} id={current.id} open={historyOpen} onClose={() => setHistoryOpen(false)} />}
      <RecordControllerDialogs controller={controller} />
    </div>
  );
}
