/**
 * The map dialog's rules as pure functions (spec §3 map marker / stage / path info / path config,
 * §4 map modalities, §9 map constants): what a click does in each modality, the stops chosen in
 * STAGE, which modality may be entered, the reordering of an optimised route and its undoing, the
 * route's totals. The dialog (MapDialog.tsx) holds a `MapState` and only calls these.
 */

export type Modality = 'MAP' | 'STAGE' | 'PATH';
export const MODALITIES: readonly Modality[] = ['MAP', 'STAGE', 'PATH'];

export interface LatLng {
  lat: number;
  lng: number;
}

/** A marker on the map (spec §3): `rawData` is the caller's (a request, an address). */
export interface MapMarker<T = unknown> {
  id: string;
  title: string;
  position: LatLng;
  rawData?: T;
  /** A locked marker ignores clicks: a locked stop stays chosen and in its place. */
  locked?: boolean;
}

/** A chosen stop (spec §3): a marker taken into the route, in route order. */
export type Stage<T = unknown> = MapMarker<T>;

/** A value of a leg with its text (spec §3 path info: seconds, metres). */
export interface TextValue {
  text: string;
  value: number;
}

export interface PathLeg {
  distance: TextValue;
  duration: TextValue;
}

/** A directions answer as the dialog keeps it. */
export interface RouteInfo {
  legs: PathLeg[];
  geometry: [number, number][];
  provider?: string;
}

/** Path configuration (spec §3), as the 'configure path' modal edits it. */
export interface PathConfig {
  /** The id of the stop the route starts from (a chosen stop). */
  origin: string | null;
  originCoordinates: LatLng | null;
  destination: string | null;
  destinationCoordinates: LatLng | null;
  avoidHighways: boolean;
  /** `YYYY-MM-DD`, null for today. */
  departureDate: string | null;
  /** `HH:mm` (24-hour), null for now. */
  departureTime: string | null;
  optimizeWaypoints: boolean;
}

/** Spec §9: default zoom 8, min 0; clusters within 20 px; a spiral from 9 markers; circle separation 40. */
export const MAP_CONSTANTS = {
  defaultZoom: 8,
  minZoom: 0,
  maxZoom: 19,
  clusterRadiusPx: 20,
  spiralFromMarkers: 9,
  circleSeparationPx: 40,
} as const;

/** Where the map opens with nothing to show: the middle of Italy. */
export const DEFAULT_CENTER: LatLng = { lat: 42.5, lng: 12.5 };

export interface MapState<T = unknown> {
  modality: Modality;
  readOnly: boolean;
  markers: MapMarker<T>[];
  /** The chosen stops, in route order (STAGE and PATH). */
  stages: Stage<T>[];
  /** The order before an optimisation reordered the stops; null when there is nothing to restore. */
  originalOrder: Stage<T>[] | null;
  route: RouteInfo | null;
}

export function initialState<T>(options: { modality: Modality; markers: readonly MapMarker<T>[]; staged?: readonly string[]; readOnly?: boolean }): MapState<T> {
  const byId = new Map(options.markers.map((m) => [m.id, m]));
  const stages = (options.staged ?? []).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return { modality: options.modality === 'PATH' ? 'STAGE' : options.modality, readOnly: options.readOnly ?? false, markers: [...options.markers], stages, originalOrder: null, route: null };
}

export const isStaged = (state: MapState<unknown>, id: string): boolean => state.stages.some((s) => s.id === id);

/** MAP: a click on the map replaces every marker with one there (spec §4); nothing when read-only or in another modality. */
export function mapClick<T>(state: MapState<T>, marker: MapMarker<T>): MapState<T> {
  if (state.readOnly || state.modality !== 'MAP') return state;
  return { ...state, markers: [marker], stages: [], route: null };
}

/** A marker of a MAP click replaced (its title and data once the reverse geocode answers), if it is still there. */
export function updateMarker<T>(state: MapState<T>, id: string, change: Partial<Omit<MapMarker<T>, 'id'>>): MapState<T> {
  if (!state.markers.some((m) => m.id === id)) return state;
  const apply = (m: MapMarker<T>) => (m.id === id ? { ...m, ...change } : m);
  return { ...state, markers: state.markers.map(apply), stages: state.stages.map(apply) };
}

/** STAGE: the stop added at the end, or taken off; locked stops and read-only maps do not change. */
export function toggleStage<T>(state: MapState<T>, id: string): MapState<T> {
  if (state.readOnly || state.modality !== 'STAGE') return state;
  const marker = state.markers.find((m) => m.id === id);
  if (!marker || marker.locked) return state;
  const stages = isStaged(state, id) ? state.stages.filter((s) => s.id !== id) : [...state.stages, marker];
  return { ...state, stages, originalOrder: null, route: null };
}

/** A click on a marker (spec §4): MAP deletes it, STAGE toggles the stop, PATH does nothing; nothing when read-only or locked. */
export function markerClick<T>(state: MapState<T>, id: string): MapState<T> {
  if (state.readOnly) return state;
  const marker = state.markers.find((m) => m.id === id);
  if (!marker || marker.locked) return state;
  if (state.modality === 'MAP') return { ...state, markers: state.markers.filter((m) => m.id !== id), stages: state.stages.filter((s) => s.id !== id), route: null };
  if (state.modality === 'STAGE') return toggleStage(state, id);
  return state;
}

/** Clearing the stops keeps the locked ones (spec §4), in their order. */
export function clearStages<T>(state: MapState<T>): MapState<T> {
  if (state.readOnly) return state;
  return { ...state, stages: state.stages.filter((s) => s.locked), originalOrder: null, route: null };
}

/** A stop locked or unlocked: a locked stop stays chosen and keeps its place in an optimised route. */
export function setLocked<T>(state: MapState<T>, id: string, locked: boolean): MapState<T> {
  if (state.readOnly) return state;
  const apply = (m: MapMarker<T>) => (m.id === id ? { ...m, locked } : m);
  return { ...state, markers: state.markers.map(apply), stages: state.stages.map(apply) };
}

/** A stop moved within the chosen ones (the right panel's up/down buttons). */
export function moveStage<T>(state: MapState<T>, from: number, to: number): MapState<T> {
  const { stages } = state;
  if (state.readOnly || from === to || from < 0 || to < 0 || from >= stages.length || to >= stages.length) return state;
  if (stages[from]!.locked || stages[to]!.locked) return state;
  const next = [...stages];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return { ...state, stages: next, originalOrder: null, route: null };
}

/**
 * Whether a modality may be chosen (spec §4): the active one is disabled; PATH also with one stop
 * or fewer; MAP only on a map opened in MAP (the stops of a route are not single markers).
 */
export function canEnter(state: MapState<unknown>, to: Modality, allowed: readonly Modality[] = MODALITIES): boolean {
  if (state.modality === to || !allowed.includes(to)) return false;
  if (to === 'PATH') return state.stages.length > 1;
  return true;
}

/** Switching modality forgets the route and the order to restore (spec §4: path info reset, route display cleared). */
export function enterModality<T>(state: MapState<T>, to: Modality): MapState<T> {
  if (state.modality === to) return state;
  return { ...state, modality: to, route: null, originalOrder: null };
}

/** The route could not be had (the path modal cancelled, the request failed): back to STAGE (spec §4, §8). */
export const backToStage = <T>(state: MapState<T>): MapState<T> => enterModality(state, 'STAGE');

/** The stops in the order the configuration asks: the origin first, the destination last. */
export function orderForPath<T>(stages: readonly Stage<T>[], config: Pick<PathConfig, 'origin' | 'destination'>): Stage<T>[] {
  const origin = stages.find((s) => s.id === config.origin);
  const destination = config.destination !== config.origin ? stages.find((s) => s.id === config.destination) : undefined;
  const middle = stages.filter((s) => s !== origin && s !== destination);
  return [...(origin ? [origin] : []), ...middle, ...(destination ? [destination] : [])];
}

/**
 * The stops reordered as an optimised route visits them: the first and the last stay, those
 * between follow `waypointOrder` (indices among them). Locked stops keep their place; the others
 * fill the remaining places in the optimised order. An order that is not a permutation of the
 * stops between is ignored.
 */
export function reorderByWaypoints<T>(stages: readonly Stage<T>[], waypointOrder: readonly number[]): Stage<T>[] {
  if (stages.length < 3) return [...stages];
  const middle = stages.slice(1, -1);
  const valid = waypointOrder.length === middle.length && new Set(waypointOrder).size === middle.length && waypointOrder.every((i) => Number.isInteger(i) && i >= 0 && i < middle.length);
  if (!valid) return [...stages];
  const free = waypointOrder.map((i) => middle[i]!).filter((s) => !s.locked);
  const placed = middle.map((s) => (s.locked ? s : free.shift()!));
  return [stages[0]!, ...placed, stages[stages.length - 1]!];
}

const sameOrder = (a: readonly { id: string }[], b: readonly { id: string }[]) => a.length === b.length && a.every((s, i) => s.id === b[i]!.id);

/** The route found, in PATH: with optimisation the stops are reordered and the order before kept for restoring. */
export function applyRoute<T>(state: MapState<T>, route: RouteInfo, ordered: readonly Stage<T>[]): MapState<T> {
  const changed = !sameOrder(ordered, state.stages);
  return { ...state, stages: [...ordered], route, originalOrder: changed ? (state.originalOrder ?? state.stages) : state.originalOrder };
}

/** The order before the optimisation back (its route no longer applies). */
export function restoreOrder<T>(state: MapState<T>): MapState<T> {
  if (!state.originalOrder) return state;
  return { ...state, stages: state.originalOrder, originalOrder: null, route: null };
}

/** The route's totals: metres and seconds. */
export function routeTotals(legs: readonly PathLeg[]): { distance: number; duration: number } {
  return legs.reduce((sum, leg) => ({ distance: sum.distance + leg.distance.value, duration: sum.duration + leg.duration.value }), { distance: 0, duration: 0 });
}

const group = (n: number) => new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 0 }).format(n);

/** Spec §9: a distance in km rounded, or in metres under 1 km ("1.235 km", "850 m"). */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${group(Math.round(metres))} m`;
  return `${group(Math.round(metres / 1000))} km`;
}

/** A duration in hours and minutes ("1 h 05 min", "12 min"). */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${group(Math.floor(minutes / 60))} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The body of `POST /api/maps/directions` for the stops in order (API.md "Maps"). */
export function directionsBody(stages: readonly Stage<unknown>[], config: PathConfig, now: Date = new Date()) {
  const point = (s: Stage<unknown>) => ({ lat: s.position.lat, lng: s.position.lng });
  return {
    origin: point(stages[0]!),
    destination: point(stages[stages.length - 1]!),
    waypoints: stages.slice(1, -1).map(point),
    avoidHighways: config.avoidHighways,
    departureTime: departureTime(config, now),
    optimizeWaypoints: config.optimizeWaypoints,
  };
}

/** The departure as an ISO instant: the configured day and time in local time, today and now when unset. */
export function departureTime(config: Pick<PathConfig, 'departureDate' | 'departureTime'>, now: Date = new Date()): string {
  if (!config.departureDate && !config.departureTime) return now.toISOString();
  const [y, m, d] = (config.departureDate ?? '').split('-').map(Number);
  const [hh, mm] = (config.departureTime ?? '').split(':').map(Number);
  const at = new Date(now);
  if (y && m && d) at.setFullYear(y, m - 1, d);
  if (config.departureTime && Number.isFinite(hh) && Number.isFinite(mm)) at.setHours(hh!, mm!, 0, 0);
  return at.toISOString();
}

/** The default path configuration for the stops: from the first to the last, nothing avoided, now. */
export function defaultPathConfig(stages: readonly Stage<unknown>[]): PathConfig {
  const first = stages[0];
  const last = stages[stages.length - 1];
  return {
    origin: first?.id ?? null,
    originCoordinates: first?.position ?? null,
    destination: last?.id ?? null,
    destinationCoordinates: last?.position ?? null,
    avoidHighways: false,
    departureDate: null,
    departureTime: null,
    optimizeWaypoints: false,
  };
}

/** A coordinate as the address group stores it: text with 6 decimals and a dot. */
export const coordinateText = (value: number): string => value.toFixed(6);

/** A coordinate pair read from text (the address group's), or null when either is missing or invalid. */
export function parsePosition(lat: unknown, lng: unknown): LatLng | null {
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : NaN);
  const a = num(lat);
  const b = num(lng);
  if (!Number.isFinite(a) || !Number.isFinite(b) || Math.abs(a) > 90 || Math.abs(b) > 180) return null;
  return { lat: a, lng: b };
}

/** The marker title of a point the geocoder could not name (spec §8: 'lat_lng'). */
export const fallbackTitle = (position: LatLng): string => `${position.lat}_${position.lng}`;
