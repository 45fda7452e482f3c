import { ExpandOutlined, FilterOutlined } from '@ant-design/icons';
import type { Place, ReverseGeocodeResult } from '@circula/model';
import { Button, Checkbox, Flex, Input, Modal, Select, Spin, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getEnvironment } from '../../app/environment';
import { notifyDanger } from '../../app/notifications';
import { LeafletMap, MAP_TYPES, type DrawnMarker, type MapType } from './leaflet-map';
import {
  applyRoute,
  backToStage,
  canEnter,
  clearStages,
  defaultPathConfig,
  directionsBody,
  enterModality,
  fallbackTitle,
  initialState,
  mapClick,
  markerClick,
  moveStage,
  orderForPath,
  reorderByWaypoints,
  restoreOrder,
  setLocked,
  toggleStage,
  updateMarker,
  type LatLng,
  type MapMarker,
  type MapState,
  type Modality,
  type PathConfig,
  type RouteInfo,
  type Stage,
} from './map-state';
import { directionsStatus, fetchDirections, fetchReverseGeocode } from './maps-api';
import { PathConfigModal } from './PathConfigModal';
import { RoutePanel } from './RoutePanel';
import { StagesPanel } from './StagesPanel';
import { MapSearch } from './MapSearch';

/** What a point chosen in MAP carries: the geocoder's answer or the place searched, when there is one. */
export type PointData = { geocode: ReverseGeocodeResult } | { place: Place } | undefined;

export interface MapDialogResult {
  markers: MapMarker[];
  /** The chosen stops in route order (after PATH, as the route visits them). */
  stages: Stage[];
  route: RouteInfo | null;
}

export interface MapDialogProps {
  open: boolean;
  title?: string;
  /** MAP: one point (a click puts it, a click on it deletes it); STAGE: stops chosen among the markers, and PATH. */
  modality: Extract<Modality, 'MAP' | 'STAGE'>;
  markers: readonly MapMarker[];
  /** Ids of the markers already chosen as stops, in order (STAGE). */
  staged?: readonly string[];
  /** Where the map opens (else it shows every marker). */
  center?: LatLng | null;
  readOnly?: boolean;
  /** The side filter panel (spec §2: depends on configuration). */
  filterPanel?: boolean;
  /** Markers left out because they have no coordinates (said in the filter panel). */
  missingCount?: number;
  onCancel: () => void;
  onConfirm: (result: MapDialogResult) => void;
}

let lastPoint = 0;

/**
 * The map dialog (spec §2, §4, §8, §9): Leaflet with clustering and spiderfying, the modalities
 * MAP, STAGE and PATH, the place search, the side filter panel, the chosen stops on the right, the
 * 'configure path' modal and the route with its totals and legs. A lazily loaded chunk of its own
 * (Leaflet does not enter the first page): open it through `LazyMapDialog`.
 */
export default function MapDialog({ open, title, modality, markers, staged, center, readOnly = false, filterPanel = false, missingCount = 0, onCancel, onConfirm }: MapDialogProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<MapState>(() => initialState({ modality, markers, staged, readOnly }));
  const [pathOpen, setPathOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [sidebar, setSidebar] = useState(filterPanel);
  const [filter, setFilter] = useState('');
  const [onlyStaged, setOnlyStaged] = useState(false);
  // the map's div, set when the modal's body is in the page (the modal mounts its content after opening)
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const leaflet = useRef<LeafletMap | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const request = useRef<AbortController | null>(null);
  const allowed: Modality[] = modality === 'MAP' ? ['MAP'] : ['STAGE', 'PATH'];

  /** MAP: the point replaced, then named by the geocoder ('lat_lng' when it cannot, spec §8). */
  const placePoint = useCallback((position: LatLng, known?: { title: string; data: PointData }) => {
    const id = `point-${++lastPoint}`;
    setState((s) => mapClick(s, { id, title: known?.title ?? fallbackTitle(position), position, rawData: known?.data }));
    if (known) return;
    fetchReverseGeocode(position.lat, position.lng).then(
      (geocode) => setState((s) => updateMarker(s, id, { title: geocode.title, rawData: { geocode } satisfies PointData })),
      (error: unknown) => console.warn('reverse geocode failed', error),
    );
  }, []);

  // the map, created once the modal's body is in the page
  useEffect(() => {
    if (!container) return;
    const env = getEnvironment();
    const typeLabels = Object.fromEntries(MAP_TYPES.map((type) => [type, t(`MAP.TYPES.${type}`)])) as Record<MapType, string>;
    const map = new LeafletMap(container, {
      center,
      tilesUrl: env.mapTilesUrl,
      typeLabels,
      onMapClick: (position) => {
        const s = stateRef.current;
        if (s.readOnly || s.modality !== 'MAP') return;
        placePoint(position);
      },
      onMarkerClick: (id) => setState((s) => markerClick(s, id)),
    });
    leaflet.current = map;
    // centred where asked at the default zoom (spec §9), else on the markers
    if (!center) map.fitMarkers(stateRef.current.markers.map((m) => m.position));
    return () => {
      map.destroy();
      leaflet.current = null;
    };
    // the map is made once per div; later changes go through the effects below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);

  const stageIndex = useMemo(() => new Map(state.stages.map((s, i) => [s.id, i + 1])), [state.stages]);
  const lockedIds = useMemo(() => new Set(state.stages.filter((s) => s.locked).map((s) => s.id)), [state.stages]);
  const needle = filter.trim().toLowerCase();
  const shown = useMemo(
    () =>
      state.markers.filter((m) => {
        // in PATH the route's stops alone (spec §4)
        if (state.modality === 'PATH' || onlyStaged) return stageIndex.has(m.id);
        return !needle || m.title.toLowerCase().includes(needle) || stageIndex.has(m.id);
      }),
    [state.markers, state.modality, onlyStaged, needle, stageIndex],
  );

  useEffect(() => {
    const drawn: DrawnMarker[] = shown.map((m) => ({ ...m, locked: Boolean(m.locked) || lockedIds.has(m.id), stage: stageIndex.get(m.id) ?? null }));
    leaflet.current?.setMarkers(drawn, state.modality !== 'PATH');
  }, [shown, stageIndex, lockedIds, state.modality, container]);

  useEffect(() => {
    leaflet.current?.setRoute(state.route?.geometry ?? null);
  }, [state.route, container]);

  useEffect(() => () => request.current?.abort(), []);

  const chooseModality = (to: Modality) => {
    if (!canEnter(state, to, allowed)) return;
    setState((s) => enterModality(s, to));
    // PATH asks for its configuration first (spec §4)
    if (to === 'PATH') setPathOpen(true);
  };

  const cancelPath = () => {
    setPathOpen(false);
    setState((s) => backToStage(s));
  };

  /** The route of the configured stops; optimised, the stops between come back reordered (spec §4). */
  const computePath = async (config: PathConfig) => {
    setPathOpen(false);
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    const ordered = orderForPath(stateRef.current.stages, config);
    // the same stop at both ends: a round trip back to it
    const roundTrip = config.origin !== null && config.origin === config.destination;
    const routeStops = roundTrip ? [...ordered, ordered[0]!] : ordered;
    try {
      let answer = await fetchDirections(directionsBody(routeStops, config), controller.signal);
      let visited = config.optimizeWaypoints ? reorderByWaypoints(routeStops, answer.waypointOrder) : routeStops;
      const plain = config.optimizeWaypoints ? reorderByWaypoints(routeStops.map((s) => ({ ...s, locked: false })), answer.waypointOrder) : routeStops;
      // a locked stop kept its place against the optimiser's order: the route of the order kept
      if (visited.some((s, i) => s.id !== plain[i]!.id)) answer = await fetchDirections(directionsBody(visited, { ...config, optimizeWaypoints: false }), controller.signal);
      if (controller.signal.aborted) return;
      if (roundTrip) visited = visited.slice(0, -1);
      const route: RouteInfo = { legs: answer.legs, geometry: answer.geometry, provider: answer.provider };
      setState((s) => (s.modality === 'PATH' ? applyRoute(s, route, visited) : s));
    } catch (error) {
      if (controller.signal.aborted) return;
      // spec §8: a danger notification, then STAGE
      notifyDanger(t('MAP.ERROR_TITLE'), t('MAP.DIRECTIONS_FAILED', { status: directionsStatus(error) }));
      setState((s) => backToStage(s));
    } finally {
      if (request.current === controller) {
        request.current = null;
        setLoading(false);
      }
    }
  };

  const confirm = () => onConfirm({ markers: state.markers, stages: state.stages, route: state.route });

  const choosePlace = (place: Place) => {
    const position = { lat: place.lat, lng: place.lng };
    leaflet.current?.panTo(position);
    if (state.modality === 'MAP' && !state.readOnly) placePoint(position, { title: place.label, data: { place } });
  };

  const footer =
    state.readOnly || state.markers.length === 0
      ? null
      : [
          <Button key="cancel" onClick={onCancel} data-testid="map-cancel">
            {t('MAP.CANCEL')}
          </Button>,
          <Button key="confirm" type="primary" onClick={confirm} disabled={loading || state.modality === 'PATH' && pathOpen} data-testid="map-confirm">
            {t('MAP.CONFIRM')}
          </Button>,
        ];

  const showStages = state.modality !== 'MAP';
  const hint = state.modality === 'MAP' && !state.readOnly ? (state.markers.length === 0 ? t('MAP.NO_MARKERS_HINT') : t('MAP.MARKER_HINT')) : null;

  return (
    <Modal
      open={open}
      title={
        <Flex align="center" gap={8} wrap>
          <span>{title ?? t(modality === 'MAP' ? 'MAP.TITLE_POINT' : 'MAP.TITLE_STOPS')}</span>
          {state.readOnly && <Tag data-testid="map-read-only">{t('MAP.READ_ONLY')}</Tag>}
        </Flex>
      }
      width="min(1280px, 96vw)"
      centered
      onCancel={onCancel}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
      afterOpenChange={(visible) => {
        if (visible) leaflet.current?.resize();
      }}
      data-testid="map-dialog"
      rootClassName="circula-map-dialog"
    >
      <div className="circula-map-layout">
        {filterPanel && sidebar && (
          <aside className="circula-map-side" aria-label={t('MAP.FILTER')} data-testid="map-filter-panel">
            <label htmlFor="map-filter" style={{ display: 'block', fontSize: 12, marginBottom: 2 }}>
              {t('MAP.FILTER')}
            </label>
            <Input id="map-filter" allowClear value={filter} placeholder={t('MAP.FILTER_PLACEHOLDER')} onChange={(e) => setFilter(e.target.value)} data-testid="map-filter" />
            <Checkbox style={{ marginTop: 8 }} checked={onlyStaged} onChange={(e) => setOnlyStaged(e.target.checked)} disabled={state.modality === 'PATH'}>
              {t('MAP.ONLY_STAGED')}
            </Checkbox>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }} data-testid="map-points-count">
              {t('MAP.POINTS', { shown: shown.length, total: state.markers.length })}
              {missingCount > 0 && (
                <>
                  <br />
                  {t('MAP.POINTS_HIDDEN', { count: missingCount })}
                </>
              )}
            </Typography.Paragraph>
          </aside>
        )}
        <div className="circula-map-main">
          <Flex gap={8} align="center" wrap>
            {filterPanel && (
              <Tooltip title={sidebar ? t('MAP.SIDEBAR_CLOSE') : t('MAP.SIDEBAR_OPEN')}>
                <Button
                  icon={<FilterOutlined />}
                  aria-label={sidebar ? t('MAP.SIDEBAR_CLOSE') : t('MAP.SIDEBAR_OPEN')}
                  aria-expanded={sidebar}
                  onClick={() => {
                    setSidebar((v) => !v);
                    setTimeout(() => leaflet.current?.resize(), 0);
                  }}
                  data-testid="map-sidebar-toggle"
                />
              </Tooltip>
            )}
            {allowed.length > 1 && (
              <Select<Modality>
                aria-label={t('MAP.MODALITY')}
                value={state.modality}
                style={{ width: 140 }}
                options={allowed.map((m) => ({ value: m, label: t(`MAP.MODALITIES.${m}`), disabled: !canEnter(state, m, allowed) }))}
                onChange={chooseModality}
                disabled={loading}
                data-testid="map-modality"
              />
            )}
            <Tooltip title={t('MAP.FIT')}>
              <Button icon={<ExpandOutlined />} aria-label={t('MAP.FIT')} onClick={() => leaflet.current?.fitMarkers(shown.map((m) => m.position))} disabled={shown.length === 0} data-testid="map-fit" />
            </Tooltip>
            <div style={{ flex: 1, minWidth: 200 }}>
              <MapSearch disabled={state.modality === 'PATH'} onPlace={choosePlace} />
            </div>
          </Flex>
          {hint && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {hint}
            </Typography.Text>
          )}
          <Spin spinning={loading} description={t('MAP.LOADING_ROUTE')} wrapperClassName="circula-map-spin" style={{ flex: 1 }}>
            <div ref={setContainer} className="circula-map" role="region" aria-label={t('MAP.REGION')} data-testid="map-canvas" data-modality={state.modality} />
          </Spin>
        </div>
        {showStages && (
          <div className="circula-map-stages">
            {state.route && <RoutePanel route={state.route} stages={state.stages} />}
            <StagesPanel
              stages={state.stages}
              readOnly={state.readOnly}
              editable={state.modality === 'STAGE'}
              canRestore={state.originalOrder !== null}
              onRemove={(id) => setState((s) => toggleStage(s, id))}
              onLock={(id, locked) => setState((s) => setLocked(s, id, locked))}
              onMove={(from, to) => setState((s) => moveStage(s, from, to))}
              onClear={() => setState((s) => clearStages(s))}
              onRestore={() => setState((s) => restoreOrder(s))}
            />
          </div>
        )}
      </div>
      {pathOpen && <PathConfigModal open={pathOpen} stages={state.stages} initial={defaultPathConfig(state.stages)} onCancel={cancelPath} onConfirm={(config) => void computePath(config)} />}
    </Modal>
  );
}
