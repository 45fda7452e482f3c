import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { transaction, transportStop } from '@circula/model';
import { Button, Card, Flex, Progress, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { widgetFor } from '../../fields/registry';
import { ErrorMessages, PlannerField } from './PlannerField';
import { RecordName } from './RecordName';
import { TRANSPORT_TARGET } from './planner-api';
import { DELIVERY, loadsDeliveredAt, loadsOnBoard, moveStop, payloadShare, PICKUP, removeStop, stopWarnings, type PlanRequest, type PlanStop } from './planner-logic';

/**
 * The order of a trip's stops (issue 16): until the map dialog can order them (issue 17), a list
 * the planner drags or moves with the up/down buttons (the keyboard's way). Whatever replaces it
 * takes the same `stops` and gives the new list to `onChange`; the weights and errors it shows
 * follow from them.
 */
export interface StopListProps {
  stops: readonly PlanStop[];
  onChange: (stops: PlanStop[]) => void;
  /** The requests of the trip's pickups (code, pickup point, estimate). */
  requests: ReadonlyMap<number, PlanRequest>;
  /** The vehicle's payload with its trailer's, kg; null while no vehicle is chosen. */
  payloadKg: number | null;
  /** The server's errors by stop key, then by field of the stop. */
  errors?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  disabled?: boolean;
}

const { Input: WarehouseInput } = widgetFor(transportStop.fields.warehouse);
const ALL_LOADS = 'ALL';

/** The load on board after a stop against the payload: a bar turning red above 100 %. */
export function LoadBar({ kg, payloadKg, label }: { kg: number; payloadKg: number | null; label: string }) {
  const { t } = useTranslation();
  const share = payloadShare(kg, payloadKg);
  const over = share !== null && share > 100;
  return (
    <div data-testid="planner-load" data-kg={kg} data-over={over ? 'true' : 'false'}>
      <Typography.Text type={over ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {label}: {t('TRANSPORT_PLANNER.KG', { kg: formatNumber(kg) })}
        {payloadKg !== null && ` / ${t('TRANSPORT_PLANNER.KG', { kg: formatNumber(payloadKg) })}`}
        {over && ` · ${t('TRANSPORT_PLANNER.OVER_PAYLOAD')}`}
      </Typography.Text>
      {share !== null && (
        <Progress
          percent={Math.min(100, Number.isFinite(share) ? share : 100)}
          status={over ? 'exception' : 'normal'}
          size="small"
          format={() => (Number.isFinite(share) ? `${formatNumber(Math.round(share))} %` : '∞')}
          aria-label={label}
          aria-valuenow={Number.isFinite(share) ? Math.round(share) : undefined}
        />
      )}
    </div>
  );
}

function PickupBody({ request }: { request: PlanRequest | undefined }) {
  const { t } = useTranslation();
  if (!request) return null;
  return (
    <Flex vertical gap={2}>
      <Typography.Text>
        <Typography.Text strong>{request.code ?? `#${request.id}`}</Typography.Text>
        <Typography.Text type="secondary">
          {' · '}
          {request.estimatedKg === null ? t('TRANSPORT_PLANNER.NO_ESTIMATE') : t('TRANSPORT_PLANNER.KG', { kg: formatNumber(request.estimatedKg) })}
        </Typography.Text>
      </Typography.Text>
      <RecordName field={transaction.fields.pickupPoint} value={request.pickupPoint} />
      <Typography.Text type="secondary">
        <RecordName field={transaction.fields.requester} value={request.requester} />
      </Typography.Text>
    </Flex>
  );
}

function DeliveryBody({
  stops,
  index,
  requests,
  errors,
  disabled,
  onStop,
}: {
  stops: readonly PlanStop[];
  index: number;
  requests: ReadonlyMap<number, PlanRequest>;
  errors: Readonly<Record<string, readonly string[]>> | undefined;
  disabled?: boolean;
  onStop: (stop: PlanStop) => void;
}) {
  const { t } = useTranslation();
  const stop = stops[index]!;
  const n = index + 1;
  const code = (id: number) => requests.get(id)?.code ?? `#${id}`;
  const before = stops.slice(0, index).flatMap((s) => (s.kind === PICKUP && s.request !== null ? [s.request] : []));
  const options = [
    { value: ALL_LOADS, label: t('TRANSPORT_PLANNER.ALL_LOADS') },
    ...[...new Set([...before, ...(stop.request === null ? [] : [stop.request])])].map((id) => ({ value: String(id), label: t('TRANSPORT_PLANNER.ONLY_LOAD', { code: code(id) }) })),
  ];
  const unloads = loadsDeliveredAt(stops, index);
  const warehouseId = `planner-stop-${stop.key}-warehouse`;
  const loadsId = `planner-stop-${stop.key}-loads`;
  return (
    <Flex vertical gap={4}>
      <PlannerField id={warehouseId} label={t('TRANSPORT_PLANNER.DESTINATION_OF', { n })} required errors={errors?.warehouse}>
        <WarehouseInput
          id={warehouseId}
          name="warehouse"
          field={transportStop.fields.warehouse}
          target={TRANSPORT_TARGET}
          mode="create"
          disabled={disabled}
          value={stop.warehouse}
          onChange={(value) => onStop({ ...stop, warehouse: typeof value === 'number' ? value : null })}
        />
      </PlannerField>
      <PlannerField id={loadsId} label={t('TRANSPORT_PLANNER.LOADS_OF', { n })} errors={errors?.request}>
        <Select
          id={loadsId}
          value={stop.request === null ? ALL_LOADS : String(stop.request)}
          options={options}
          disabled={disabled}
          onChange={(value: string) => onStop({ ...stop, request: value === ALL_LOADS ? null : Number(value) })}
          data-testid="planner-stop-loads"
        />
      </PlannerField>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="planner-stop-unloads">
        {unloads.length ? t('TRANSPORT_PLANNER.UNLOADS', { codes: unloads.map(code).join(', ') }) : t('TRANSPORT_PLANNER.UNLOADS_NONE')}
      </Typography.Text>
    </Flex>
  );
}

export function StopList({ stops, onChange, requests, payloadKg, errors = {}, disabled }: StopListProps) {
  const { t } = useTranslation();
  const loads = loadsOnBoard(stops, requests);
  const warnings = stopWarnings(stops);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // after a move by a button, the focus stays on that button of the moved stop
  const focusAfterMove = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const item = list.current?.querySelector<HTMLElement>(`[data-key="${pending.key}"]`);
    const button = item?.querySelector<HTMLButtonElement>(`[data-move="${pending.direction}"]:not([disabled])`) ?? item?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])');
    button?.focus();
  }, [stops]);

  const move = (from: number, to: number, direction: 'up' | 'down') => {
    focusAfterMove.current = { key: stops[from]!.key, direction };
    onChange(moveStop(stops, from, to));
  };
  const replace = (index: number, stop: PlanStop) => onChange(stops.map((s, i) => (i === index ? stop : s)));

  if (stops.length === 0) {
    return (
      <Typography.Paragraph type="secondary" data-testid="planner-no-stops">
        {t('TRANSPORT_PLANNER.NO_STOPS')}
      </Typography.Paragraph>
    );
  }
  return (
    <ol ref={list} aria-label={t('TRANSPORT_PLANNER.STOPS')} data-testid="planner-stops" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      {stops.map((stop, index) => {
        const n = index + 1;
        const request = stop.request === null ? undefined : requests.get(stop.request);
        const kind = stop.kind === PICKUP ? t('TRANSPORT_PLANNER.PICKUP') : t('TRANSPORT_PLANNER.DELIVERY');
        const stopErrors = errors[stop.key];
        const stopName = t('TRANSPORT_PLANNER.STOP_NAME', { n, kind, what: stop.kind === PICKUP ? (request?.code ?? '') : '' }).trim();
        return (
          <li
            key={stop.key}
            data-key={stop.key}
            data-testid="planner-stop"
            data-kind={stop.kind}
            data-request={stop.request ?? ''}
            aria-label={stopName}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver((current) => (current === index ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== null && dragging !== index) onChange(moveStop(stops, dragging, index));
              setDragging(null);
              setOver(null);
            }}
          >
            <Card
              size="small"
              style={{
                borderColor: over === index && dragging !== index ? '#2f7d4f' : stopErrors ? '#ff4d4f' : undefined,
                borderStyle: over === index && dragging !== index ? 'dashed' : undefined,
                opacity: dragging === index ? 0.5 : 1,
              }}
              title={
                // the title is the drag handle: the inputs of the card keep their own mouse gestures
                <span
                  draggable={!disabled}
                  title={disabled ? undefined : t('TRANSPORT_PLANNER.DRAG_HINT')}
                  style={{ cursor: disabled ? undefined : 'grab', display: 'inline-block' }}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', stop.key);
                    const item = event.currentTarget.closest('li');
                    if (item) event.dataTransfer.setDragImage(item, 24, 16);
                    setDragging(index);
                  }}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                  data-testid="planner-stop-handle"
                >
                  <Space size={6}>
                    <HolderOutlined aria-hidden style={{ color: '#8c8c8c' }} />
                    <span>{t('TRANSPORT_PLANNER.STOP_N', { n })}</span>
                    <Tag color={stop.kind === PICKUP ? 'blue' : 'green'}>{kind}</Tag>
                  </Space>
                </span>
              }
              extra={
                <Space.Compact>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('TRANSPORT_PLANNER.MOVE_UP', { n })}
                    title={t('TRANSPORT_PLANNER.MOVE_UP', { n })}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, index - 1, 'up')}
                    data-move="up"
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('TRANSPORT_PLANNER.MOVE_DOWN', { n })}
                    title={t('TRANSPORT_PLANNER.MOVE_DOWN', { n })}
                    disabled={disabled || index === stops.length - 1}
                    onClick={() => move(index, index + 1, 'down')}
                    data-move="down"
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('TRANSPORT_PLANNER.REMOVE_STOP', { n })}
                    title={t(stop.kind === PICKUP ? 'TRANSPORT_PLANNER.REMOVE_PICKUP_HINT' : 'TRANSPORT_PLANNER.REMOVE_STOP', { n })}
                    disabled={disabled}
                    onClick={() => onChange(removeStop(stops, index))}
                  />
                </Space.Compact>
              }
            >
              <Flex vertical gap={6}>
                {stop.kind === DELIVERY ? (
                  <DeliveryBody stops={stops} index={index} requests={requests} errors={stopErrors} disabled={disabled} onStop={(next) => replace(index, next)} />
                ) : (
                  <PickupBody request={request} />
                )}
                <LoadBar kg={loads[index] ?? 0} payloadKg={payloadKg} label={t('TRANSPORT_PLANNER.ON_BOARD_AFTER', { n })} />
                <ErrorMessages
                  messages={Object.entries(stopErrors ?? {})
                    .filter(([field]) => stop.kind === PICKUP || (field !== 'warehouse' && field !== 'request'))
                    .flatMap(([, messages]) => messages)}
                  testId="planner-stop-errors"
                />
                <ErrorMessages messages={(warnings.get(stop.key) ?? []).filter((w) => !Object.values(stopErrors ?? {}).flat().includes(w))} type="warning" testId="planner-stop-warnings" />
              </Flex>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
