import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, LockOutlined, UndoOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Stage } from './map-state';

export interface StagesPanelProps {
  stages: readonly Stage[];
  readOnly: boolean;
  /** Stops may be moved, taken off and locked (STAGE); in PATH the list is only shown. */
  editable: boolean;
  canRestore: boolean;
  onRemove: (id: string) => void;
  onLock: (id: string, locked: boolean) => void;
  onMove: (from: number, to: number) => void;
  onClear: () => void;
  onRestore: () => void;
}

/**
 * The right-hand panel of chosen stops (spec §2): in route order, each with lock, move and remove
 * buttons; clearing keeps the locked ones (spec §4); after an optimised route, the original order
 * can be restored.
 */
export function StagesPanel({ stages, readOnly, editable, canRestore, onRemove, onLock, onMove, onClear, onRestore }: StagesPanelProps) {
  const { t } = useTranslation();
  const editing = editable && !readOnly;
  return (
    <section className="circula-map-stages-panel" aria-label={t('MAP.STAGES')} data-testid="map-stages">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('MAP.STAGES')}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }} data-testid="map-stages-count">
            {t('MAP.STAGES_COUNT', { count: stages.length })}
          </Typography.Text>
        </Typography.Title>
        {editing && stages.length > 0 && (
          <Tooltip title={t('MAP.CLEAR_STAGES_HINT')}>
            <Button size="small" onClick={onClear} data-testid="map-stages-clear">
              {t('MAP.CLEAR_STAGES')}
            </Button>
          </Tooltip>
        )}
      </Flex>
      {canRestore && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('MAP.REORDERED')}
          description={
            !readOnly && (
              <Button size="small" icon={<UndoOutlined />} onClick={onRestore} style={{ marginTop: 4 }} data-testid="map-restore-order">
                {t('MAP.RESTORE_ORDER')}
              </Button>
            )
          }
          data-testid="map-reordered"
        />
      )}
      {stages.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('MAP.NO_STAGES')}</Typography.Paragraph>
      ) : (
        <ol className="circula-map-stages-list">
          {stages.map((stage, index) => (
            <li key={stage.id} data-testid="map-stage" data-stage-id={stage.id} style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '3px 0', borderBottom: '1px solid #f0f0f0' }}>
              <Typography.Text type="secondary" style={{ width: 24, textAlign: 'right', flex: 'none' }}>
                {index + 1}.
              </Typography.Text>
              <Typography.Text ellipsis={{ tooltip: stage.title }} style={{ flex: 1, minWidth: 0 }} data-testid="map-stage-title">
                {stage.locked && <LockOutlined style={{ color: '#531dab', marginInlineEnd: 4 }} aria-label={t('MAP.LOCKED')} />}
                {stage.title}
              </Typography.Text>
              {editing && (
                <>
                  <Button
                    size="small"
                    type="text"
                    icon={stage.locked ? <UnlockOutlined /> : <LockOutlined />}
                    aria-label={t(stage.locked ? 'MAP.UNLOCK' : 'MAP.LOCK', { title: stage.title })}
                    aria-pressed={Boolean(stage.locked)}
                    onClick={() => onLock(stage.id, !stage.locked)}
                    data-testid="map-stage-lock"
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('MAP.MOVE_UP', { title: stage.title })}
                    disabled={index === 0 || stage.locked || stages[index - 1]!.locked}
                    onClick={() => onMove(index, index - 1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('MAP.MOVE_DOWN', { title: stage.title })}
                    disabled={index === stages.length - 1 || stage.locked || stages[index + 1]!.locked}
                    onClick={() => onMove(index, index + 1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={t('MAP.REMOVE', { title: stage.title })}
                    disabled={stage.locked}
                    onClick={() => onRemove(stage.id)}
                    data-testid="map-stage-remove"
                  />
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
