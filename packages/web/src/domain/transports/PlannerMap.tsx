import { EnvironmentOutlined } from '@ant-design/icons';
import { transaction } from '@circula/model';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyDanger } from '../../app/notifications';
import { LazyMapDialog, type MapDialogResult } from '../../features/map/LazyMapDialog';
import type { MapMarker } from '../../features/map/map-state';
import { useReferenceTarget } from '../../fields/abilities';
import { fetchPickupPlaces, fetchRequestsPage, MAP_REQUESTS_LIMIT } from './planner-api';
import { NO_FILTERS, pickedUp, toPlanRequest, type PlanRequest, type PlanStop } from './planner-logic';

/** The map's marker id of a request. */
export const markerIdOf = (request: number) => `request-${request}`;

/**
 * The markers of the requests: each at its pickup point's coordinates, titled with its code and
 * the pickup point; requests whose pickup point has no coordinates are counted apart.
 */
export function requestMarkers(requests: readonly PlanRequest[], places: ReadonlyMap<number, { name: string; lat: number | null; lng: number | null }>): { markers: MapMarker<PlanRequest>[]; missing: number } {
  const markers: MapMarker<PlanRequest>[] = [];
  let missing = 0;
  for (const request of requests) {
    const place = request.pickupPoint === null ? undefined : places.get(request.pickupPoint);
    if (!place || place.lat === null || place.lng === null) {
      missing++;
      continue;
    }
    markers.push({ id: markerIdOf(request.id), title: `${request.code ?? `#${request.id}`} – ${place.name}`, position: { lat: place.lat, lng: place.lng }, rawData: request });
  }
  return { markers, missing };
}

interface Opened {
  markers: MapMarker[];
  staged: string[];
  missing: number;
}

/**
 * "Mappa" on the planner (issue 16 with issue 17): the accepted requests' pickup points on the map
 * dialog in STAGE, the trip's pickups already chosen in their order; the stops confirmed (in the
 * order the route visits them after PATH) become the trip's pickups.
 */
export function PlannerMap({
  requestsEndpoint,
  requests,
  stops,
  disabled,
  onApply,
}: {
  requestsEndpoint: string | null | undefined;
  /** The requests the trip knows (its current ones among them). */
  requests: ReadonlyMap<number, PlanRequest>;
  stops: readonly PlanStop[];
  disabled?: boolean;
  onApply: (ordered: PlanRequest[]) => void;
}) {
  const { t } = useTranslation();
  const pickupEndpoint = useReferenceTarget(transaction.fields.pickupPoint).endpoint;
  const [loading, setLoading] = useState(false);
  const [opened, setOpened] = useState<Opened | null>(null);

  const open = async () => {
    setLoading(true);
    try {
      const onTrip = pickedUp(stops);
      const candidates = requestsEndpoint ? (await fetchRequestsPage(requestsEndpoint, NO_FILTERS, 0, MAP_REQUESTS_LIMIT)).items.map(toPlanRequest) : [];
      const all = new Map<number, PlanRequest>(candidates.map((r) => [r.id, r]));
      for (const id of onTrip) if (!all.has(id) && requests.has(id)) all.set(id, requests.get(id)!);
      const list = [...all.values()];
      const places = await fetchPickupPlaces(pickupEndpoint, list.flatMap((r) => (r.pickupPoint === null ? [] : [r.pickupPoint])));
      const { markers, missing } = requestMarkers(list, places);
      setOpened({ markers, staged: onTrip.map(markerIdOf), missing });
    } catch (error) {
      console.warn('planner map: loading the pickup points failed', error);
      notifyDanger(t('MAP.ERROR_TITLE'), t('MAP.PLANNER_LOAD_ERROR'));
    } finally {
      setLoading(false);
    }
  };

  const confirm = (result: MapDialogResult) => {
    setOpened(null);
    onApply(result.stages.flatMap((s) => (s.rawData ? [s.rawData as PlanRequest] : [])));
  };

  return (
    <>
      <Tooltip title={t('MAP.PLANNER_HINT')}>
        <Button icon={<EnvironmentOutlined />} loading={loading} disabled={disabled} onClick={() => void open()} data-testid="planner-map">
          {t('MAP.PLANNER_OPEN')}
        </Button>
      </Tooltip>
      <LazyMapDialog
        open={opened !== null}
        modality="STAGE"
        markers={opened?.markers ?? []}
        staged={opened?.staged ?? []}
        missingCount={opened?.missing ?? 0}
        filterPanel
        onCancel={() => setOpened(null)}
        onConfirm={confirm}
      />
    </>
  );
}
