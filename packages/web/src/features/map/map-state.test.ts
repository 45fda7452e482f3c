import { describe, expect, it } from 'vitest';
import {
  applyRoute,
  backToStage,
  canEnter,
  clearStages,
  coordinateText,
  defaultPathConfig,
  departureTime,
  directionsBody,
  enterModality,
  fallbackTitle,
  formatDistance,
  formatDuration,
  initialState,
  mapClick,
  markerClick,
  moveStage,
  orderForPath,
  parsePosition,
  reorderByWaypoints,
  restoreOrder,
  routeTotals,
  setLocked,
  toggleStage,
  updateMarker,
  type MapMarker,
  type RouteInfo,
} from './map-state';

const marker = (id: string, lat = 45, lng = 9, locked?: boolean): MapMarker => ({ id, title: `T${id}`, position: { lat, lng }, ...(locked ? { locked } : {}) });
const five = ['a', 'b', 'c', 'd', 'e'].map((id, i) => marker(id, 45 + i / 100, 9));
const ids = (list: readonly { id: string }[]) => list.map((s) => s.id);
const route: RouteInfo = { legs: [], geometry: [] };

describe('initial state', () => {
  it('takes the pre-staged markers in the order given and ignores unknown ids', () => {
    const s = initialState({ modality: 'STAGE', markers: five, staged: ['c', 'x', 'a'] });
    expect(ids(s.stages)).toEqual(['c', 'a']);
    expect(s.modality).toBe('STAGE');
    expect(s.route).toBeNull();
  });
});

describe('MAP modality', () => {
  const map = initialState({ modality: 'MAP', markers: [marker('old')] });

  it('a map click replaces every marker with one', () => {
    const next = mapClick(map, marker('new', 44, 11));
    expect(ids(next.markers)).toEqual(['new']);
  });

  it('a marker click deletes it', () => {
    expect(markerClick(map, 'old').markers).toEqual([]);
  });

  it('clicks do nothing when read-only or on a locked marker', () => {
    const ro = initialState({ modality: 'MAP', markers: [marker('old')], readOnly: true });
    expect(mapClick(ro, marker('new'))).toBe(ro);
    expect(markerClick(ro, 'old')).toBe(ro);
    const locked = initialState({ modality: 'MAP', markers: [marker('old', 45, 9, true)] });
    expect(markerClick(locked, 'old')).toBe(locked);
  });

  it('a map click does nothing in STAGE', () => {
    const stage = initialState({ modality: 'STAGE', markers: five });
    expect(mapClick(stage, marker('new'))).toBe(stage);
  });

  it("the geocoder's answer renames the point still there, and only it", () => {
    const placed = mapClick(map, marker('p1'));
    expect(updateMarker(placed, 'p1', { title: 'Via Roma 1' }).markers[0]!.title).toBe('Via Roma 1');
    const moved = mapClick(placed, marker('p2'));
    expect(updateMarker(moved, 'p1', { title: 'late' })).toBe(moved);
  });

  it("an unnamed point is titled 'lat_lng' (spec §8)", () => {
    expect(fallbackTitle({ lat: 45.1, lng: 9.25 })).toBe('45.1_9.25');
  });
});

describe('STAGE modality', () => {
  const stage = initialState({ modality: 'STAGE', markers: five });

  it('a marker click adds the stop at the end, a second click takes it off', () => {
    const one = markerClick(markerClick(stage, 'c'), 'a');
    expect(ids(one.stages)).toEqual(['c', 'a']);
    expect(ids(markerClick(one, 'c').stages)).toEqual(['a']);
    // the markers stay
    expect(one.markers).toHaveLength(5);
  });

  it('a locked stop does not toggle off, nor a read-only map', () => {
    const locked = setLocked(markerClick(stage, 'a'), 'a', true);
    expect(ids(markerClick(locked, 'a').stages)).toEqual(['a']);
    const ro = initialState({ modality: 'STAGE', markers: five, staged: ['a'], readOnly: true });
    expect(markerClick(ro, 'b')).toBe(ro);
    expect(toggleStage(ro, 'a')).toBe(ro);
  });

  it('clearing keeps the locked stops in their order', () => {
    let s = initialState({ modality: 'STAGE', markers: five, staged: ['a', 'b', 'c', 'd'] });
    s = setLocked(setLocked(s, 'b', true), 'd', true);
    expect(ids(clearStages(s).stages)).toEqual(['b', 'd']);
  });

  it('moves a stop, but not past or onto a locked one', () => {
    let s = initialState({ modality: 'STAGE', markers: five, staged: ['a', 'b', 'c'] });
    expect(ids(moveStage(s, 2, 1).stages)).toEqual(['a', 'c', 'b']);
    s = setLocked(s, 'b', true);
    expect(moveStage(s, 2, 1)).toBe(s);
    expect(moveStage(s, 0, 5)).toBe(s);
  });

  it('a marker click does nothing in PATH', () => {
    const path = enterModality(initialState({ modality: 'STAGE', markers: five, staged: ['a', 'b'] }), 'PATH');
    expect(markerClick(path, 'c')).toBe(path);
  });
});

describe('modalities', () => {
  const allowed = ['STAGE', 'PATH'] as const;

  it('the active modality is disabled; PATH needs two stops or more', () => {
    const none = initialState({ modality: 'STAGE', markers: five });
    expect(canEnter(none, 'STAGE', allowed)).toBe(false);
    expect(canEnter(none, 'PATH', allowed)).toBe(false);
    expect(canEnter(markerClick(none, 'a'), 'PATH', allowed)).toBe(false);
    const two = markerClick(markerClick(none, 'a'), 'b');
    expect(canEnter(two, 'PATH', allowed)).toBe(true);
    expect(canEnter(enterModality(two, 'PATH'), 'PATH', allowed)).toBe(false);
    expect(canEnter(enterModality(two, 'PATH'), 'STAGE', allowed)).toBe(true);
    // a modality the dialog does not offer
    expect(canEnter(two, 'MAP', allowed)).toBe(false);
  });

  it('switching forgets the route and the order to restore; a failure goes back to STAGE', () => {
    let s = enterModality(initialState({ modality: 'STAGE', markers: five, staged: ['a', 'b', 'c', 'd'] }), 'PATH');
    s = applyRoute(s, route, reorderByWaypoints(s.stages, [1, 0]));
    expect(s.originalOrder).not.toBeNull();
    const back = backToStage(s);
    expect(back.modality).toBe('STAGE');
    expect(back.route).toBeNull();
    expect(back.originalOrder).toBeNull();
    // the stops stay as the route left them
    expect(ids(back.stages)).toEqual(['a', 'c', 'b', 'd']);
  });
});

describe('optimised order', () => {
  it('reorders the stops between the first and the last by the waypoint order', () => {
    expect(ids(reorderByWaypoints(five, [2, 0, 1]))).toEqual(['a', 'd', 'b', 'c', 'e']);
  });

  it('locked stops keep their place, the others fill the rest in optimised order', () => {
    const withLock = five.map((m) => (m.id === 'c' ? { ...m, locked: true } : m));
    // optimiser: d, c, b → c stays 3rd; d and b fill the free places in that order
    expect(ids(reorderByWaypoints(withLock, [2, 1, 0]))).toEqual(['a', 'd', 'c', 'b', 'e']);
  });

  it('ignores an order that is not a permutation of the stops between', () => {
    expect(ids(reorderByWaypoints(five, [0, 0, 1]))).toEqual(ids(five));
    expect(ids(reorderByWaypoints(five, [0, 1]))).toEqual(ids(five));
    expect(ids(reorderByWaypoints(five, [0, 1, 3]))).toEqual(ids(five));
    expect(ids(reorderByWaypoints(five.slice(0, 2), []))).toEqual(['a', 'b']);
  });

  it('keeps the order before for restoring, and restores it', () => {
    let s = enterModality(initialState({ modality: 'STAGE', markers: five, staged: ids(five) }), 'PATH');
    s = applyRoute(s, { ...route, legs: [{ distance: { text: '', value: 1 }, duration: { text: '', value: 1 } }] }, reorderByWaypoints(s.stages, [2, 1, 0]));
    expect(ids(s.stages)).toEqual(['a', 'd', 'c', 'b', 'e']);
    expect(ids(s.originalOrder!)).toEqual(ids(five));
    // a second route keeps the first original order
    s = applyRoute(s, route, reorderByWaypoints(s.stages, [1, 0, 2]));
    expect(ids(s.originalOrder!)).toEqual(ids(five));
    const restored = restoreOrder(s);
    expect(ids(restored.stages)).toEqual(ids(five));
    expect(restored.originalOrder).toBeNull();
    expect(restored.route).toBeNull();
    expect(restoreOrder(restored)).toBe(restored);
  });

  it('a route in the same order has nothing to restore', () => {
    const s = enterModality(initialState({ modality: 'STAGE', markers: five, staged: ids(five) }), 'PATH');
    expect(applyRoute(s, route, s.stages).originalOrder).toBeNull();
  });

  it('puts the chosen origin first and destination last', () => {
    expect(ids(orderForPath(five, { origin: 'c', destination: 'a' }))).toEqual(['c', 'b', 'd', 'e', 'a']);
    expect(ids(orderForPath(five, { origin: 'b', destination: 'b' }))).toEqual(['b', 'a', 'c', 'd', 'e']);
  });
});

describe('route figures', () => {
  it('totals the legs', () => {
    const legs = [
      { distance: { text: '', value: 1200 }, duration: { text: '', value: 600 } },
      { distance: { text: '', value: 300 }, duration: { text: '', value: 90 } },
    ];
    expect(routeTotals(legs)).toEqual({ distance: 1500, duration: 690 });
  });

  it('distance in km rounded, metres under 1 km (spec §9)', () => {
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(999.4)).toBe('999 m');
    expect(formatDistance(1000)).toBe('1 km');
    expect(formatDistance(12_499)).toBe('12 km');
    expect(formatDistance(1_234_567)).toBe('1.235 km');
  });

  it('durations in minutes, hours past 60', () => {
    expect(formatDuration(30)).toBe('1 min');
    expect(formatDuration(25 * 60)).toBe('25 min');
    expect(formatDuration(65 * 60)).toBe('1 h 05 min');
  });
});

describe('directions request', () => {
  it('first stop origin, last destination, the others waypoints, with the configuration', () => {
    const config = { ...defaultPathConfig(five), avoidHighways: true, optimizeWaypoints: true };
    const body = directionsBody(five, config, new Date('2026-03-05T08:00:00Z'));
    expect(body.origin).toEqual({ lat: 45, lng: 9 });
    expect(body.destination).toEqual({ lat: 45.04, lng: 9 });
    expect(body.waypoints).toHaveLength(3);
    expect(body.avoidHighways).toBe(true);
    expect(body.optimizeWaypoints).toBe(true);
    expect(body.departureTime).toBe('2026-03-05T08:00:00.000Z');
  });

  it('the departure is the configured local day and time', () => {
    const at = new Date(departureTime({ departureDate: '2026-04-10', departureTime: '07:30' }, new Date(2026, 0, 1, 12, 0)));
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([2026, 3, 10, 7, 30]);
  });

  it('default configuration: from the first stop to the last', () => {
    const c = defaultPathConfig(five);
    expect([c.origin, c.destination, c.optimizeWaypoints, c.avoidHighways]).toEqual(['a', 'e', false, false]);
    expect(defaultPathConfig([]).origin).toBeNull();
  });
});

describe('coordinates', () => {
  it('6 decimals with a dot, as the address group stores them', () => {
    expect(coordinateText(45.4642035)).toBe('45.464204');
    expect(coordinateText(-9)).toBe('-9.000000');
  });

  it('reads a pair of coordinates, null when missing or out of range', () => {
    expect(parsePosition('45,1', '9.2')).toEqual({ lat: 45.1, lng: 9.2 });
    expect(parsePosition(45, 9)).toEqual({ lat: 45, lng: 9 });
    expect(parsePosition('', '9')).toBeNull();
    expect(parsePosition('91', '9')).toBeNull();
    expect(parsePosition('x', '9')).toBeNull();
    expect(parsePosition(null, undefined)).toBeNull();
  });
});
