import L from 'leaflet';
// the plugin extends the global `L` Leaflet sets on load (it is a UMD script without its own import)
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './map.css';
import { DEFAULT_CENTER, MAP_CONSTANTS, type LatLng, type MapMarker } from './map-state';

/**
 * A thin wrapper of our own around Leaflet and Leaflet.markercluster (ARCHITECTURE.md "maps": not
 * react-leaflet): one map in a div, the markers in a cluster group (or plain, in PATH), the route's
 * line, the tile layers of the configured source. The dialog says what to show; the wrapper says
 * what was clicked.
 */

/** A marker as drawn: its stop number when it is one, locked or not. */
export interface DrawnMarker extends MapMarker {
  /** 1-based place among the chosen stops; null when not chosen. */
  stage: number | null;
}

export interface LeafletMapOptions {
  center?: LatLng | null;
  zoom?: number;
  /** The tile URL of environment.json (`{z}/{x}/{y}`, optional `{s}`, optional `{type}` for the map type). */
  tilesUrl: string;
  /** Labels of the map types, by type (roadmap, satellite, terrain, hybrid). */
  typeLabels: Record<MapType, string>;
  onMapClick?: (position: LatLng) => void;
  onMarkerClick?: (id: string) => void;
}

export type MapType = 'roadmap' | 'satellite' | 'terrain' | 'hybrid';
export const MAP_TYPES: readonly MapType[] = ['roadmap', 'satellite', 'terrain', 'hybrid'];

/**
 * The tile layers a source offers: one per map type when its URL names the type (`{type}`), else
 * the road map alone. Road map first (spec §9: the default type).
 */
export function tileLayersOf(url: string): { type: MapType; url: string }[] {
  if (!url) return [];
  if (!url.includes('{type}')) return [{ type: 'roadmap', url }];
  return MAP_TYPES.map((type) => ({ type, url: url.replaceAll('{type}', type) }));
}

const FLAG = '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M5 2h2v20H5zM8 3h11l-2.5 4L19 11H8z"/></svg>';
const LOCK = '<svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true"><path fill="currentColor" d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z"/></svg>';
const PIN = '<svg viewBox="0 0 24 32" width="24" height="32" aria-hidden="true"><path fill="currentColor" stroke="#fff" stroke-width="1.5" d="M12 1C6 1 1.5 5.5 1.5 11.2 1.5 19 12 31 12 31s10.5-12 10.5-19.8C22.5 5.5 18 1 12 1z"/><circle cx="12" cy="11" r="4" fill="#fff"/></svg>';


/** The icon of a marker: a pin; a chosen stop is a flag with its number; a locked one shows a lock. */
function iconOf(marker: DrawnMarker): L.DivIcon {
  const staged = marker.stage !== null;
  const html = staged
    ? `<span class="circula-map-flag">${FLAG}<span class="circula-map-stage-number">${marker.stage}</span>${marker.locked ? `<span class="circula-map-lock">${LOCK}</span>` : ''}</span>`
    : `<span class="circula-map-pin">${PIN}${marker.locked ? `<span class="circula-map-lock">${LOCK}</span>` : ''}</span>`;
  return L.divIcon({
    html,
    className: `circula-map-marker${staged ? ' circula-map-marker-staged' : ''}${marker.locked ? ' circula-map-marker-locked' : ''}`,
    iconSize: staged ? [34, 28] : [24, 32],
    iconAnchor: staged ? [6, 26] : [12, 31],
  });
}

/**
 * A cluster's icon: the plugin's look (small, medium, large by count) with the number of chosen
 * stops in it; `circula-map-cluster-open` while some of its markers are not chosen.
 */
function clusterIcon(cluster: L.MarkerCluster, entries: ReadonlyMap<string, Entry>): L.DivIcon {
  const children = cluster.getAllChildMarkers();
  const count = children.length;
  const byLayer = new Map([...entries.values()].map((e) => [e.layer, e.data]));
  const staged = children.filter((m) => (byLayer.get(m)?.stage ?? null) !== null).length;
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  const open = staged < count;
  const badge = staged > 0 ? `<span class="circula-map-cluster-staged">${FLAG}${staged}</span>` : '';
  return L.divIcon({
    html: `<div data-testid="map-cluster" data-count="${count}" data-staged="${staged}"><span>${count}</span></div>${badge}`,
    className: `marker-cluster marker-cluster-${size}${open ? ' circula-map-cluster-open' : ''}`,
    iconSize: L.point(40, 40),
  });
}

const samePlace = (a: DrawnMarker, b: DrawnMarker) => a.position.lat === b.position.lat && a.position.lng === b.position.lng;
const sameLook = (a: DrawnMarker, b: DrawnMarker) => a.title === b.title && a.stage === b.stage && Boolean(a.locked) === Boolean(b.locked);

const labelOf = (marker: DrawnMarker) => (marker.stage !== null ? `${marker.stage}. ${marker.title}` : marker.title);

interface Entry {
  layer: L.Marker;
  /** What the marker shows now: its handlers read it, so a restyled marker keeps them. */
  data: DrawnMarker;
}

export class LeafletMap {
  readonly map: L.Map;
  private readonly cluster: L.MarkerClusterGroup;
  private readonly plain: L.LayerGroup;
  private readonly markers = new Map<string, Entry>();
  private route: L.Polyline | null = null;
  private lines: L.Polyline[] = [];
  private clustered = true;

  constructor(
    element: HTMLElement,
    private readonly options: LeafletMapOptions,
  ) {
    this.map = L.map(element, {
      center: options.center ?? DEFAULT_CENTER,
      zoom: options.zoom ?? MAP_CONSTANTS.defaultZoom,
      minZoom: MAP_CONSTANTS.minZoom,
      maxZoom: MAP_CONSTANTS.maxZoom,
      zoomControl: true,
      keyboard: true,
      attributionControl: true,
    });
    const layers = tileLayersOf(options.tilesUrl).map(({ type, url }) => ({
      type,
      layer: L.tileLayer(url, { maxZoom: MAP_CONSTANTS.maxZoom, minZoom: MAP_CONSTANTS.minZoom, attribution: url.includes('openstreetmap') ? '&copy; OpenStreetMap' : '' }),
    }));
    // spec §9: the road map first; the other types when the source offers them
    layers[0]?.layer.addTo(this.map);
    if (layers.length > 1) L.control.layers(Object.fromEntries(layers.map(({ type, layer }) => [options.typeLabels[type], layer]))).addTo(this.map);

    this.cluster = L.markerClusterGroup({
      maxClusterRadius: MAP_CONSTANTS.clusterRadiusPx,
      spiderfyOnMaxZoom: true,
      showCoverageOnHover: false,
      zoomToBoundsOnClick: true,
      // the plugin's circle has 25 px between feet: spec §9's 40 px is 1.6 times that; its spiral starts at 9 markers (spec §9)
      spiderfyDistanceMultiplier: MAP_CONSTANTS.circleSeparationPx / 25,
      spiderLegPolylineOptions: { weight: 1.5, color: '#222', opacity: 0.5, className: 'circula-map-spider-leg' },
      iconCreateFunction: (cluster) => clusterIcon(cluster, this.markers),
    });
    this.plain = L.layerGroup();
    this.map.addLayer(this.cluster);
    if (options.onMapClick) this.map.on('click', (event: L.LeafletMouseEvent) => options.onMapClick!({ lat: event.latlng.lat, lng: event.latlng.lng }));
  }

  /**
   * The markers shown: added, taken off, or restyled in place (a restyled marker stays where it
   * is, spiderfied markers stay open while stops are chosen among them).
   */
  setMarkers(markers: readonly DrawnMarker[], clustered: boolean): void {
    if (clustered !== this.clustered) {
      // PATH removes the clustering (spec §4): the same markers move to the other group
      const from = this.clustered ? this.cluster : this.plain;
      const to = clustered ? this.cluster : this.plain;
      this.map.removeLayer(from);
      const layers = [...this.markers.values()].map((e) => e.layer);
      if (this.clustered) this.cluster.clearLayers();
      else this.plain.clearLayers();
      if (clustered) this.cluster.addLayers(layers);
      else layers.forEach((layer) => this.plain.addLayer(layer));
      this.map.addLayer(to);
      this.clustered = clustered;
    }
    const wanted = new Map(markers.map((m) => [m.id, m]));
    const gone: L.Marker[] = [];
    const restyled: L.Marker[] = [];
    for (const [id, entry] of this.markers) {
      const next = wanted.get(id);
      if (!next || !samePlace(next, entry.data)) {
        gone.push(entry.layer);
        this.markers.delete(id);
      } else if (!sameLook(next, entry.data)) {
        entry.data = next;
        entry.layer.setIcon(iconOf(next));
        entry.layer.options.title = labelOf(next);
        this.decorate(entry);
        restyled.push(entry.layer);
      }
    }
    // the clusters holding a restyled marker count their chosen stops again
    if (restyled.length && this.clustered) this.cluster.refreshClusters(restyled);
    if (gone.length) {
      if (this.clustered) this.cluster.removeLayers(gone);
      else gone.forEach((layer) => this.plain.removeLayer(layer));
    }
    const added: L.Marker[] = [];
    for (const marker of markers) {
      if (this.markers.has(marker.id)) continue;
      const entry = this.entryOf(marker);
      this.markers.set(marker.id, entry);
      added.push(entry.layer);
    }
    if (added.length) {
      if (this.clustered) this.cluster.addLayers(added);
      else added.forEach((layer) => this.plain.addLayer(layer));
    }
  }

  private entryOf(marker: DrawnMarker): Entry {
    // keyboard: true makes the marker focusable (tabindex 0, role button)
    const layer = L.marker([marker.position.lat, marker.position.lng], { icon: iconOf(marker), keyboard: true, title: labelOf(marker), alt: labelOf(marker), riseOnHover: true });
    const entry: Entry = { layer, data: marker };
    layer.on('click', () => this.options.onMarkerClick?.(entry.data.id));
    layer.on('add', () => this.decorate(entry));
    return entry;
  }

  /** The marker's element named for assistive technology and tests, and clicked by Enter and Space. */
  private decorate(entry: Entry): void {
    const element = entry.layer.getElement();
    if (!element) return;
    const { data } = entry;
    const label = labelOf(data);
    element.setAttribute('data-testid', 'map-marker');
    element.setAttribute('data-marker-id', data.id);
    element.setAttribute('aria-label', label);
    element.setAttribute('title', label);
    element.setAttribute('aria-pressed', String(data.stage !== null));
    if (data.stage !== null) element.setAttribute('data-stage', String(data.stage));
    else element.removeAttribute('data-stage');
    if (data.locked) element.setAttribute('aria-disabled', 'true');
    else element.removeAttribute('aria-disabled');
    // Leaflet 1.9 focuses a marker but does not click it from the keyboard: Enter and Space do here
    element.onkeydown = (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      this.options.onMarkerClick?.(entry.data.id);
    };
  }

  /** The route's line; null takes it off. */
  setRoute(geometry: readonly [number, number][] | null): void {
    this.route?.remove();
    this.route = null;
    if (!geometry || geometry.length < 2) return;
    this.route = L.polyline(geometry.map(([lat, lng]): L.LatLngTuple => [lat, lng]), { color: '#1677ff', weight: 5, opacity: 0.8, className: 'circula-map-route' }).addTo(this.map);
    this.map.fitBounds(this.route.getBounds(), { padding: [24, 24] });
  }

  /** Several lines at once (a trip each, on the dashboard's small map); an empty list takes them off. */
  setLines(lines: readonly (readonly [number, number][])[]): void {
    this.lines.forEach((line) => line.remove());
    this.lines = lines
      .filter((points) => points.length >= 2)
      .map((points) => L.polyline(points.map(([lat, lng]): L.LatLngTuple => [lat, lng]), { color: '#1677ff', weight: 3, opacity: 0.6, className: 'circula-map-line' }).addTo(this.map));
  }

  /** Shows every marker (the default zoom when there is one). */
  fitMarkers(positions: readonly LatLng[]): void {
    if (positions.length === 0) return;
    if (positions.length === 1) {
      this.map.setView([positions[0]!.lat, positions[0]!.lng], Math.max(this.map.getZoom(), MAP_CONSTANTS.defaultZoom));
      return;
    }
    this.map.fitBounds(L.latLngBounds(positions.map((p) => [p.lat, p.lng] as [number, number])), { padding: [32, 32], maxZoom: 16 });
  }

  panTo(position: LatLng, zoom?: number): void {
    this.map.setView([position.lat, position.lng], zoom ?? Math.max(this.map.getZoom(), 14));
  }

  /** After the container changed size (a modal opening, the side panel toggled). */
  resize(): void {
    this.map.invalidateSize();
  }

  destroy(): void {
    this.map.remove();
    this.markers.clear();
  }
}
