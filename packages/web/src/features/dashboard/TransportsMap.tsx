import type { DashboardTransport } from '@circula/model';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getEnvironment } from '../../app/environment';
import { LeafletMap, MAP_TYPES, type DrawnMarker, type MapType } from '../map/leaflet-map';

/** The markers of the week's trips: one per stop with a place, titled with the trip's code and the site. */
export function transportMarkers(transports: readonly DashboardTransport[]): DrawnMarker[] {
  return transports.flatMap((transport) =>
    transport.stops.map((stop, index) => ({
      id: `${transport.id}:${index}`,
      title: `${transport.code} · ${stop.name}`,
      position: { lat: stop.lat, lng: stop.lng },
      stage: null,
    })),
  );
}

/**
 * The dashboard's small map of this week's transports (issue 20): each trip's stops as markers
 * (clustered as in the map dialog) joined by a line in their order; a marker opens its transport.
 * Read-only, loaded with Leaflet in its own chunk; without reachable tiles the markers stay on a
 * plain background.
 */
export default function TransportsMap({ transports }: { transports: readonly DashboardTransport[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const typeLabels = Object.fromEntries(MAP_TYPES.map((type) => [type, t(`MAP.TYPES.${type}`)])) as Record<MapType, string>;
    const map = new LeafletMap(element.current, {
      tilesUrl: getEnvironment().mapTilesUrl,
      typeLabels,
      onMarkerClick: (id) => void navigate(`/transport/${id.split(':')[0]}`),
    });
    const markers = transportMarkers(transports);
    map.setMarkers(markers, true);
    map.setLines(transports.map((transport) => transport.stops.map((stop): [number, number] => [stop.lat, stop.lng])));
    map.fitMarkers(markers.map((m) => m.position));
    return () => map.destroy();
  }, [transports, navigate, t]);
  return <div ref={element} data-testid="dashboard-transports-map" role="region" aria-label={t('DASHBOARD.TRANSPORTS.MAP')} style={{ height: 240, marginTop: 12, borderRadius: 8 }} />;
}
