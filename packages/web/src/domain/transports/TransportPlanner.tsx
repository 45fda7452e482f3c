import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { transport } from '@circula/model';
import { Alert, App, Button, Col, Divider, Drawer, Flex, Grid, Row, Spin, Statistic, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { notifySuccess } from '../../app/notifications';
import { formatNumber } from '../../app/format';
import { TourButton } from '../../features/tour/TourButton';
import { useReferenceTarget } from '../../fields/abilities';
import { useRecordSummary } from '../../fields/records-api';
import { reportError } from '../../records/form/record-errors';
import { RecordWidgetsScope } from '../../records/form/RecordWidgets';
import { ErrorMessages } from './PlannerField';
import { createTransport, TRANSPORT_TARGET, useRequestsEndpoint } from './planner-api';
import {
  addRequest,
  applyPickupOrder,
  defaultStops,
  deliveryTo,
  loadsOnBoard,
  newTrip,
  NO_ERRORS,
  payloadOf,
  pickedUp,
  placeErrors,
  PLANNER_REQUEST_ROUTES,
  removeRequest,
  totalKg,
  transportBody,
  type PlacedErrors,
  type PlanRequest,
  type PlanStop,
  type TripHeader,
} from './planner-logic';
import { PlannerMap } from './PlannerMap';
import { RequestPicker } from './RequestPicker';
import { LoadBar, StopList } from './StopList';
import { TripFields, type VehicleFacts } from './TripFields';

const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A chosen vehicle's payload and plate, read with the picker's batched summaries. */
function useVehicleFacts(endpoint: string, id: unknown): VehicleFacts | undefined {
  const { data } = useRecordSummary(endpoint, typeof id === 'number' ? id : null);
  if (typeof id !== 'number' || !data) return undefined;
  return { capacityKg: numberOf(data.capacityKg), plate: typeof data.plate === 'string' ? data.plate : null };
}

export interface TransportPlannerProps {
  /** The list the planner was opened from (a request list, or the transports'). */
  sourceRoute: string;
  /** The accepted requests selected in that list: the trip starts with them. */
  initialRequests: readonly PlanRequest[];
  /** How many selected requests were left out (not accepted). */
  skipped: number;
  /** The drawer has closed. */
  onClose: () => void;
}

/**
 * The transport planner (issue 16 "Planning page"), a full-width drawer: on the left the accepted
 * requests to choose from, on the right the trip (date, transporter, vehicle with its payload,
 * trailer, driver, departure) and its ordered stops with the load on board after each one. "Crea
 * trasporto" posts the transport; the server's checks (Albo, payload, ADR, destinations) come back
 * next to the field or stop they name, and a created transport opens on its page.
 */
export default function TransportPlanner({ sourceRoute, initialRequests, skipped, onClose }: TransportPlannerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  // side by side on a wide screen, each side scrolling on its own; stacked on a narrow one
  const split = Grid.useBreakpoint().xl === true;
  const pane = split ? ({ height: '100%', overflowY: 'auto', paddingBottom: 24 } as const) : undefined;
  const [open, setOpen] = useState(true);
  const [requests, setRequests] = useState<ReadonlyMap<number, PlanRequest>>(() => new Map(initialRequests.map((r) => [r.id, r])));
  const [stops, setStops] = useState<PlanStop[]>(() => defaultStops(initialRequests));
  const [header, setHeader] = useState<TripHeader>(() => newTrip());
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<number | null>(null);

  const requestsEndpoint = useRequestsEndpoint(sourceRoute, PLANNER_REQUEST_ROUTES);
  const vehicleEndpoint = useReferenceTarget(transport.fields.vehicle).endpoint;
  const trailerEndpoint = useReferenceTarget(transport.fields.trailer).endpoint;
  const vehicle = useVehicleFacts(vehicleEndpoint, header.vehicle);
  const trailer = useVehicleFacts(trailerEndpoint, header.trailer);
  const payload = payloadOf(vehicle?.capacityKg, trailer?.capacityKg);
  const pickups = pickedUp(stops).join(',');
  // the same set while the pickups stay the same: the requests' list does not render again for a move
  const chosen = useMemo(() => new Set(pickups ? pickups.split(',').map(Number) : []), [pickups]);
  const loads = loadsOnBoard(stops, requests);
  const peak = Math.max(0, ...loads);

  const toggle = useCallback((request: PlanRequest, add: boolean) => {
    if (add) {
      setRequests((current) => new Map(current).set(request.id, request));
      setStops((current) => addRequest(current, request));
    } else {
      setStops((current) => removeRequest(current, request.id));
    }
  }, []);

  // the stops chosen and ordered on the map (issue 17): its requests become the trip's pickups
  const applyMap = useCallback((ordered: PlanRequest[]) => {
    setRequests((current) => {
      const next = new Map(current);
      for (const request of ordered) next.set(request.id, request);
      return next;
    });
    setStops((current) => applyPickupOrder(current, ordered));
  }, []);

  const changeHeader = (next: TripHeader) => {
    // a field changed loses the server's errors on it
    const cleared = Object.fromEntries(Object.entries(errors.header).filter(([name]) => next[name as keyof TripHeader] === header[name as keyof TripHeader]));
    setErrors((current) => ({ ...current, header: cleared }));
    setHeader(next);
  };

  async function create() {
    const sent = stops;
    setBusy(true);
    try {
      const record = await createTransport(transportBody(header, sent));
      setErrors(NO_ERRORS);
      setCreated(record.id);
      notifySuccess(t('TRANSPORT_PLANNER.CREATED', { code: record.code ?? `#${record.id}` }));
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONSTRAINT_VIOLATION') setErrors(placeErrors(error.body?.errors ?? [], sent));
      else reportError(error);
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    if (stops.length === 0 || busy) {
      if (!busy) setOpen(false);
      return;
    }
    modal.confirm({
      title: t('TRANSPORT_PLANNER.DISCARD_TITLE'),
      content: t('TRANSPORT_PLANNER.DISCARD_TEXT'),
      okText: t('TRANSPORT_PLANNER.DISCARD'),
      cancelText: t('TRANSPORT_PLANNER.KEEP'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: () => setOpen(false),
    });
  };

  const failed = Object.keys(errors.header).length + Object.keys(errors.stops).length + errors.other.length > 0;
  // in the drawer's header: always in sight, however long the trip
  const createButton = (
    <Button type="primary" icon={<SendOutlined />} loading={busy} disabled={chosen.size === 0} onClick={() => void create()} data-testid="planner-create">
      {t('TRANSPORT_PLANNER.CREATE')}
    </Button>
  );

  return (
    <Drawer
      open={open}
      size="100%"
      title={t('TRANSPORT_PLANNER.TITLE')}
      onClose={close}
      afterOpenChange={(visible) => {
        if (visible) return;
        onClose();
        if (created !== null) void navigate(`/${TRANSPORT_TARGET.route}/${created}`);
      }}
      extra={
        <Flex gap={8} align="center">
          {/* the shell's "?" is under the drawer: the planner's own opens its tour above it */}
          <TourButton tour="PLANNER" label="TOUR.PLANNER_HELP" testId="planner-tour" />
          {createButton}
        </Flex>
      }
      styles={split ? { body: { overflow: 'hidden', paddingBottom: 0 } } : undefined}
      destroyOnHidden
      data-testid="transport-planner"
      rootClassName="transport-planner"
    >
      <RecordWidgetsScope>
        <Row gutter={[24, 16]} style={split ? { height: '100%' } : undefined}>
          <Col xs={24} xl={13} style={pane}>
            {skipped > 0 && <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('TRANSPORT_PLANNER.SKIPPED', { count: skipped })} data-testid="planner-skipped" />}
            {requestsEndpoint === undefined ? (
              <Spin style={{ display: 'block', margin: '64px auto' }} />
            ) : requestsEndpoint === null ? (
              <Alert type="warning" showIcon title={t('TRANSPORT_PLANNER.CANNOT_READ_REQUESTS')} />
            ) : (
              <RequestPicker endpoint={requestsEndpoint} chosen={chosen} onToggle={toggle} disabled={busy} />
            )}
          </Col>
          <Col xs={24} xl={11} style={pane}>
            <section aria-label={t('TRANSPORT_PLANNER.TRIP')} data-testid="planner-trip">
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {t('TRANSPORT_PLANNER.TRIP')}
              </Typography.Title>
              {failed && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 8 }}
                  title={t('TRANSPORT_PLANNER.NOT_CREATED')}
                  description={
                    errors.other.length > 0 ? (
                      <span style={{ whiteSpace: 'pre-line' }} data-testid="planner-errors-other">
                        {errors.other.map((e) => `${e.field}: ${t(`ERRORS.${e.message}`, { defaultValue: e.message })}`).join('\n')}
                      </span>
                    ) : undefined
                  }
                  data-testid="planner-not-created"
                />
              )}
              <TripFields header={header} onChange={changeHeader} errors={errors.header} vehicle={vehicle} trailer={trailer} disabled={busy} />
              <Divider titlePlacement="start" style={{ margin: '8px 0' }}>
                {t('TRANSPORT_PLANNER.STOPS')}
              </Divider>
              <Flex justify="space-between" align="flex-start" gap={8}>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {t('TRANSPORT_PLANNER.ORDER_HINT')}
                </Typography.Paragraph>
                <PlannerMap requestsEndpoint={requestsEndpoint} requests={requests} stops={stops} disabled={busy} onApply={applyMap} />
              </Flex>
              <ErrorMessages messages={errors.header.stops} testId="planner-errors-stops" />
              <StopList stops={stops} onChange={setStops} requests={requests} payloadKg={payload} errors={errors.stops} disabled={busy} />
              <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} disabled={busy} onClick={() => setStops((current) => [...current, deliveryTo(null)])} data-testid="planner-add-delivery">
                {t('TRANSPORT_PLANNER.ADD_DELIVERY')}
              </Button>
              <Divider style={{ margin: '12px 0' }} />
              <Flex wrap gap={24} data-testid="planner-totals">
                <Statistic title={t('TRANSPORT_PLANNER.TOTAL_KG')} value={formatNumber(totalKg(stops, requests))} suffix="kg" />
                <Statistic title={t('TRANSPORT_PLANNER.PEAK_KG')} value={formatNumber(peak)} suffix="kg" />
                <Statistic title={t('TRANSPORT_PLANNER.PAYLOAD_KG')} value={payload === null ? '—' : formatNumber(payload)} suffix={payload === null ? undefined : 'kg'} />
              </Flex>
              {payload !== null && <LoadBar kg={peak} payloadKg={payload} label={t('TRANSPORT_PLANNER.PEAK_KG')} />}
            </section>
          </Col>
        </Row>
      </RecordWidgetsScope>
    </Drawer>
  );
}
