import { Alert, Checkbox, DatePicker, Form, Modal, Select, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../app/format';
import { usePickerLocale } from '../../fields/picker-locale';
import type { PathConfig, Stage } from './map-state';

export interface PathConfigModalProps {
  open: boolean;
  stages: readonly Stage[];
  initial: PathConfig;
  onCancel: () => void;
  onConfirm: (config: PathConfig) => void;
}

/**
 * The small 'configure path' modal (spec §2, §3 path config): origin and destination among the
 * chosen stops, avoid highways, departure day (dd/mm/yyyy) and time (hh:mm), optimise waypoints.
 */
export function PathConfigModal({ open, stages, initial, onCancel, onConfirm }: PathConfigModalProps) {
  const { t } = useTranslation();
  const locale = usePickerLocale();
  const [config, setConfig] = useState<PathConfig>(initial);
  const change = (next: Partial<PathConfig>) => setConfig((current) => ({ ...current, ...next }));
  const options = stages.map((s, i) => ({ value: s.id, label: `${i + 1}. ${s.title}` }));
  const positionOf = (id: string | null) => stages.find((s) => s.id === id)?.position ?? null;

  return (
    <Modal
      open={open}
      title={t('MAP.PATH_CONFIG.TITLE')}
      okText={t('MAP.PATH_CONFIG.CONFIRM')}
      cancelText={t('MAP.CANCEL')}
      onCancel={onCancel}
      onOk={() => onConfirm(config)}
      okButtonProps={{ disabled: !config.origin || !config.destination, 'data-testid': 'map-path-confirm' }}
      cancelButtonProps={{ 'data-testid': 'map-path-cancel' }}
      destroyOnHidden
      data-testid="map-path-config"
      rootClassName="circula-map-path-config"
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('MAP.PATH_CONFIG.ORIGIN')} htmlFor="map-path-origin" style={{ marginBottom: 12 }}>
          <Select
            id="map-path-origin"
            options={options}
            value={config.origin ?? undefined}
            onChange={(origin: string) => change({ origin, originCoordinates: positionOf(origin) })}
            data-testid="map-path-origin"
          />
        </Form.Item>
        <Form.Item label={t('MAP.PATH_CONFIG.DESTINATION')} htmlFor="map-path-destination" style={{ marginBottom: 12 }}>
          <Select
            id="map-path-destination"
            options={options}
            value={config.destination ?? undefined}
            onChange={(destination: string) => change({ destination, destinationCoordinates: positionOf(destination) })}
            data-testid="map-path-destination"
          />
        </Form.Item>
        {config.origin !== null && config.origin === config.destination && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('MAP.PATH_CONFIG.SAME_ENDS')} />}
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item label={t('MAP.PATH_CONFIG.DEPARTURE_DATE')} htmlFor="map-path-date" style={{ flex: 1, marginBottom: 12 }}>
            <DatePicker
              id="map-path-date"
              locale={locale}
              format={DATE_FORMAT}
              style={{ width: '100%' }}
              value={config.departureDate ? dayjs(config.departureDate, 'YYYY-MM-DD') : null}
              onChange={(d: Dayjs | null) => change({ departureDate: d ? d.format('YYYY-MM-DD') : null })}
            />
          </Form.Item>
          <Form.Item label={t('MAP.PATH_CONFIG.DEPARTURE_TIME')} htmlFor="map-path-time" style={{ flex: 1, marginBottom: 12 }}>
            <TimePicker
              id="map-path-time"
              locale={locale}
              format="HH:mm"
              minuteStep={5}
              needConfirm={false}
              style={{ width: '100%' }}
              value={config.departureTime ? dayjs(config.departureTime, 'HH:mm') : null}
              onChange={(d: Dayjs | null) => change({ departureTime: d ? d.format('HH:mm') : null })}
            />
          </Form.Item>
        </div>
        <Checkbox checked={config.avoidHighways} onChange={(e) => change({ avoidHighways: e.target.checked })} data-testid="map-path-avoid-highways">
          {t('MAP.PATH_CONFIG.AVOID_HIGHWAYS')}
        </Checkbox>
        <div style={{ marginTop: 8 }}>
          <Checkbox checked={config.optimizeWaypoints} onChange={(e) => change({ optimizeWaypoints: e.target.checked })} data-testid="map-path-optimize">
            {t('MAP.PATH_CONFIG.OPTIMIZE')}
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '2px 0 0 24px' }}>
            {t('MAP.PATH_CONFIG.OPTIMIZE_HINT')}
          </Typography.Paragraph>
        </div>
      </Form>
    </Modal>
  );
}
