import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { greatCircle } from '../../src/maps/geo.js';
import { KNOWN_PLACE_RADIUS_M } from '../../src/maps/service.js';
import { callers, json, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const MILANO = { lat: 45.4642, lng: 9.19 };
const MONZA = { lat: 45.5845, lng: 9.2744 };
const BERGAMO = { lat: 45.6983, lng: 9.6773 };
const LODI = { lat: 45.3142, lng: 9.5033 };

interface Leg {
  distance: { text: string; value: number };
  duration: { text: string; value: number };
}

/** Directions, geocoding and places with the built-in offline provider and gazetteer (API.md "Maps"). */
describe('maps offline', () => {
  let t: TestApp;
  let operator: Call;
  let owner: Call;
  let ownerCompany: number;

  beforeAll(async () => {
    const maps = { ...loadConfig({}, { dataDir: null, jwtSecret: new Uint8Array(32) }).maps, optimizePerMinute: 8, directionsPerMinute: 1000, optimizeBudgetMs: 200 };
    t = await createTestApp({ maps });
    ({ operator, owner } = await callers(t.app, 'operator', 'owner'));
    ownerCompany = Number((await sql<{ id: number }>`select subject_id as id from users where username = 'owner'`.execute(t.db)).rows[0]!.id);
  }, 180_000);
  afterAll(() => t.close());

  const directions = (call: Call, body: unknown) => call({ method: 'POST', url: '/api/maps/directions', ...json(body) });

  it('publishes the maps calls in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/maps/directions', '/api/maps/geocode/reverse', '/api/maps/places', '/api/maps/optimize']));
    const data = paths['/api/maps/optimize'].post.responses['200'].content['application/json'].schema.properties.data;
    expect(data.required).toEqual(expect.arrayContaining(['routes', 'unassigned', 'unassignedReasons', 'provider', 'solver']));
  });

  describe('directions', () => {
    it('needs a signed-in user', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/maps/directions', ...json({ origin: MILANO, destination: MONZA }) });
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('UNAUTHORIZED');
    });

    it('answers a leg per pair of points, plausible distances and durations, a line from origin to destination', async () => {
      const res = await directions(operator, { origin: MILANO, destination: BERGAMO, waypoints: [MONZA], avoidHighways: false, departureTime: '2026-03-02T08:00:00+01:00', optimizeWaypoints: false });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { legs: Leg[]; waypointOrder: number[]; geometry: [number, number][]; provider: string };
      expect(data.provider).toBe('haversine');
      expect(data.waypointOrder).toEqual([0]);
      expect(data.legs).toHaveLength(2);
      // Milano–Monza: about 15 km on the road (13.7 km as the crow flies); Monza–Bergamo about 40 km
      const [first, second] = data.legs as [Leg, Leg];
      expect(first.distance.value).toBeGreaterThan(greatCircle(MILANO, MONZA));
      expect(first.distance.value).toBeLessThan(25_000);
      expect(first.distance.text).toBe(`${Math.round(first.distance.value / 1000)} km`);
      expect(second.distance.value).toBeGreaterThan(greatCircle(MONZA, BERGAMO));
      expect(second.distance.value).toBeLessThan(60_000);
      for (const leg of data.legs) {
        // between 20 and 90 km/h on average
        expect(leg.distance.value / leg.duration.value).toBeGreaterThan(20 / 3.6);
        expect(leg.distance.value / leg.duration.value).toBeLessThan(90 / 3.6);
        expect(leg.duration.text).toMatch(/^(\d+ h( \d+ min)?|\d+ min)$/);
      }
      expect(data.geometry[0]).toEqual([MILANO.lat, MILANO.lng]);
      expect(data.geometry.at(-1)).toEqual([BERGAMO.lat, BERGAMO.lng]);
      expect(data.geometry).toContainEqual([MONZA.lat, MONZA.lng]);
    });

    it('shows metres under 1 km', async () => {
      const res = await directions(operator, { origin: MILANO, destination: { lat: MILANO.lat + 0.004, lng: MILANO.lng } });
      expect(res.statusCode, res.body).toBe(200);
      const leg = res.json().data.legs[0] as Leg;
      expect(leg.distance.value).toBeLessThan(1000);
      expect(leg.distance.text).toBe(`${leg.distance.value} m`);
    });

    it('takes longer avoiding motorways on a long drive', async () => {
      const body = { origin: MILANO, destination: BERGAMO };
      const fast = (await directions(operator, { ...body, avoidHighways: false })).json().data.legs[0] as Leg;
      const slow = (await directions(operator, { ...body, avoidHighways: true })).json().data.legs[0] as Leg;
      expect(slow.distance.value).toBe(fast.distance.value);
      expect(slow.duration.value).toBeGreaterThan(fast.duration.value);
    });

    it('reorders the waypoints with optimizeWaypoints and answers their order as indexes into the request', async () => {
      // points on a line west → east, given scrambled: the short drive visits them in line
      const at = (lng: number) => ({ lat: 45.5, lng });
      const waypoints = [at(9.6), at(9.2), at(9.8), at(9.4)];
      const res = await directions(operator, { origin: at(9.0), destination: at(10.0), waypoints, optimizeWaypoints: true });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { legs: Leg[]; waypointOrder: number[]; geometry: [number, number][] };
      expect(data.waypointOrder).toEqual([1, 3, 0, 2]);
      expect(data.legs).toHaveLength(5);
      // the legs follow the new order: five equal hops of 0.2° of longitude
      const values = data.legs.map((l) => l.distance.value);
      expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(2);
      // without optimisation the order stays
      const plain = await directions(operator, { origin: at(9.0), destination: at(10.0), waypoints, optimizeWaypoints: false });
      expect(plain.json().data.waypointOrder).toEqual([0, 1, 2, 3]);
    });

    it('refuses bad coordinates and bad bodies with 400', async () => {
      for (const body of [
        { origin: { lat: 91, lng: 9 }, destination: MONZA },
        { origin: MILANO, destination: { lat: 45, lng: 181 } },
        { origin: MILANO },
        { origin: MILANO, destination: MONZA, waypoints: Array.from({ length: 101 }, () => MONZA) },
        { origin: MILANO, destination: MONZA, departureTime: '02/03/2026 08:00' },
        { origin: { lat: '45', lng: 9 }, destination: MONZA },
      ]) {
        const res = await directions(operator, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errorCode).toBe('CONSTRAINT_VIOLATION');
      }
    });
  });

  describe('optimize', () => {
    const optimize = (call: Call, body: unknown) => call({ method: 'POST', url: '/api/maps/optimize', ...json(body) });
    /** Stops on a ring around Milano, deterministic. */
    const ring = (count: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
      Array.from({ length: count }, (_, i) => ({
        id: `S${i + 1}`,
        lat: MILANO.lat + 0.15 * Math.sin((2 * Math.PI * i) / count),
        lng: MILANO.lng + 0.2 * Math.cos((2 * Math.PI * i) / count),
        ...extra(i),
      }));

    interface Answer {
      routes: { vehicleId: string | number; stopIds: (string | number)[]; distance: { value: number; text: string }; duration: { value: number; text: string }; arrivals: string[] }[];
      unassigned: (string | number)[];
      unassignedReasons: Record<string, string>;
      provider: string;
      solver: { ms: number; iterations: number };
    }

    /** Every stop exactly once: in one route or in unassigned, with a reason for each unassigned one. */
    const expectComplete = (answer: Answer, ids: (string | number)[]) => {
      const routed = answer.routes.flatMap((r) => r.stopIds);
      expect([...routed, ...answer.unassigned].map(String).sort()).toEqual(ids.map(String).sort());
      expect(Object.keys(answer.unassignedReasons).sort()).toEqual(answer.unassigned.map(String).sort());
    };

    it('plans one vehicle without capacity limit when none is given, every stop routed', async () => {
      const stops = ring(12);
      const res = await optimize(operator, { depot: MILANO, stops, departureTime: '2026-03-02T07:00:00.000Z' });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json().data as Answer;
      expect(answer.provider).toBe('haversine');
      expect(answer.solver.ms).toBeGreaterThanOrEqual(0);
      expect(answer.solver.iterations).toBeGreaterThanOrEqual(0);
      expect(answer.routes).toHaveLength(1);
      const route = answer.routes[0]!;
      expect(route.vehicleId).toBe('default');
      expectComplete(answer, stops.map((s) => s.id));
      expect(answer.unassigned).toEqual([]);
      // a tour of a ring of about 2 × 15 km × π, on the road, back to the depot: 80 to 250 km
      expect(route.distance.value).toBeGreaterThan(80_000);
      expect(route.distance.value).toBeLessThan(250_000);
      expect(route.distance.text).toBe(`${Math.round(route.distance.value / 1000)} km`);
      expect(route.duration.text).toMatch(/^\d+ h( \d+ min)?$/);
      // arrivals from the departure on, increasing
      expect(route.arrivals).toHaveLength(12);
      const times = route.arrivals.map((a) => Date.parse(a));
      expect(times[0]).toBeGreaterThan(Date.parse('2026-03-02T07:00:00.000Z'));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    });

    it('leaves out, with a reason, what no vehicle can take; numeric ids come back as numbers', async () => {
      const stops = ring(10, (i) => ({ id: 100 + i, demandKg: i === 3 ? 5_000 : 300, serviceMinutes: 10 }));
      // one stop's window closes before any vehicle can reach it
      stops[6] = { ...stops[6]!, window: { from: '2026-03-02T06:00:00Z', to: '2026-03-02T07:01:00Z' } } as (typeof stops)[number];
      const vehicles = [
        { id: 'A', capacityKg: 1_500, shift: { from: '2026-03-02T07:00:00Z', to: '2026-03-02T17:00:00Z' } },
        { id: 'B', capacityKg: 1_500, shift: { from: '2026-03-02T07:00:00Z', to: '2026-03-02T17:00:00Z' } },
      ];
      const res = await optimize(operator, { depot: MILANO, stops, vehicles, departureTime: '2026-03-02T07:00:00Z' });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json().data as Answer;
      expectComplete(answer, stops.map((s) => s.id));
      expect(answer.unassignedReasons['103']).toBe('CAPACITY');
      expect(answer.unassignedReasons['106']).toBe('TIME_WINDOW');
      expect(answer.unassigned).toEqual(expect.arrayContaining([103, 106]));
      for (const route of answer.routes) {
        expect(['A', 'B']).toContain(route.vehicleId);
        // each vehicle within its capacity
        expect(route.stopIds.length * 300).toBeLessThanOrEqual(1_500);
        for (const id of route.stopIds) expect(typeof id).toBe('number');
      }
    });

    it('refuses a bad request with 400 and computes nothing', async () => {
      const stop = { id: 'x', lat: 45.5, lng: 9.2 };
      const bad = [
        {},
        { depot: MILANO, stops: [] },
        { depot: MILANO, stops: Array.from({ length: 1001 }, (_, i) => ({ ...stop, id: `s${i}` })) },
        { depot: { lat: 95, lng: 9 }, stops: [stop] },
        { depot: MILANO, stops: [{ ...stop, lng: -181 }] },
        { depot: MILANO, stops: [{ ...stop, window: { from: '08:00', to: '12:00' } }] },
        { depot: MILANO, stops: [{ ...stop, demandKg: -1 }] },
        { depot: MILANO, stops: [stop], departureTime: 'tomorrow' },
        { depot: MILANO, stops: [stop], vehicles: [{ id: 'v', capacityKg: 10, shift: { from: '2026-03-02T07:00:00Z' } }] },
      ];
      for (const body of bad) {
        const res = await optimize(owner, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
        expect(res.json().errorCode).toBe('CONSTRAINT_VIOLATION');
      }
      const window = await optimize(owner, { depot: MILANO, stops: [{ ...stop, window: { from: '2026-03-02T12:00:00Z', to: '2026-03-02T08:00:00Z' } }] });
      expect(window.statusCode).toBe(400);
      expect(window.json().errors).toEqual([{ field: 'stops.0.window.to', message: 'MAPS_WINDOW_ORDER' }]);
      const twice = await optimize(owner, { depot: MILANO, stops: [stop, { ...stop, lat: 45.6 }] });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors).toEqual([{ field: 'stops.1.id', message: 'MAPS_DUPLICATE_ID' }]);
    });

    it('limits optimisations per user and minute', async () => {
      const { customer } = await callers(t.app, 'customer');
      const body = { depot: MILANO, stops: ring(3) };
      const codes: number[] = [];
      for (let i = 0; i < 9; i++) codes.push((await optimize(customer, body)).statusCode);
      expect(codes.slice(0, 8)).toEqual(Array(8).fill(200));
      const limited = await optimize(customer, body);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errorCode).toBe('TOO_MANY_REQUESTS');
      // another user is not limited by it
      expect((await optimize(operator, body)).statusCode).toBe(200);
    });
  });

  describe('places and reverse geocoding', () => {
    interface WarehouseRow {
      id: number;
      name: string;
      owner: number | null;
      lat: number;
      lng: number;
    }
    const warehouses = async (): Promise<WarehouseRow[]> =>
      (
        await sql<WarehouseRow>`
          select id, name, owner, (address->>'latitude')::float8 as lat, (address->>'longitude')::float8 as lng from warehouse
          where not deleted and not archived and address->>'latitude' ~ '^-?[0-9.]+$' and address->>'longitude' ~ '^-?[0-9.]+$' order by id`.execute(t.db)
      ).rows.map((r) => ({ ...r, id: Number(r.id), owner: r.owner === null ? null : Number(r.owner), lat: Number(r.lat), lng: Number(r.lng) }));
    /** Readable through any warehouse route (an owner reads pickup points through their own view). */
    const readable = async (call: Call, id: number) => {
      for (const route of ['warehouse', 'warehouses-pdp', 'warehouses-cdr', 'warehouses-service']) {
        if ((await call({ method: 'GET', url: `/api/warehouses/${route}/${id}` })).statusCode === 200) return true;
      }
      return false;
    };
    const places = async (call: Call, input: string) => {
      const res = await call({ method: 'GET', url: `/api/maps/places?input=${encodeURIComponent(input)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items as { label: string; kind: string; recordId: number | null; lat: number; lng: number; address: Record<string, string | null> }[];
    };

    it('finds the municipalities of the gazetteer with their address parts', async () => {
      const items = await places(operator, 'lodi');
      const lodi = items.find((p) => p.kind === 'municipality');
      expect(lodi).toMatchObject({ label: 'Lodi (LO)', lat: LODI.lat, lng: LODI.lng, recordId: null, address: { locality: 'Lodi', province: 'LO', country: 'ITA', postalCode: '26900', route: null } });
      // accents and case aside
      expect((await places(operator, 'CANTU')).some((p) => p.label === 'Cantù (CO)')).toBe(true);
    });

    it('finds warehouses by name, only those the user may read', async () => {
      const all = await warehouses();
      const foreign = all.filter((w) => w.owner !== ownerCompany);
      const own = all.filter((w) => w.owner === ownerCompany);
      expect(own.length).toBeGreaterThan(0);
      expect(foreign.length).toBeGreaterThan(0);
      const ownWarehouse = own[0]!;
      expect(await readable(owner, ownWarehouse.id)).toBe(true);
      const ownHits = await places(owner, ownWarehouse.name);
      expect(ownHits.find((p) => p.kind === 'warehouse' && p.recordId === ownWarehouse.id)).toMatchObject({ lat: ownWarehouse.lat, lng: ownWarehouse.lng });

      // a warehouse of another company: the operator finds it, the owner does not (and cannot read it)
      const other = foreign.find((w) => !own.some((o) => o.name === w.name))!;
      expect(await readable(owner, other.id)).toBe(false);
      expect((await places(operator, other.name)).some((p) => p.kind === 'warehouse' && p.recordId === other.id)).toBe(true);
      const ownerHits = await places(owner, other.name);
      expect(ownerHits.some((p) => p.kind === 'warehouse' && p.recordId === other.id)).toBe(false);
      // nor any record the owner cannot read
      for (const hit of ownerHits.filter((p) => p.kind === 'warehouse')) expect(await readable(owner, hit.recordId!)).toBe(true);
      for (const hit of ownerHits.filter((p) => p.kind === 'subject')) {
        expect((await owner({ method: 'GET', url: `/api/subjects/subjects/${hit.recordId}` })).statusCode).toBe(200);
      }
    });

    it('refuses a text too short or too long', async () => {
      for (const input of ['a', ' b ', 'x'.repeat(201)]) {
        const res = await operator({ method: 'GET', url: `/api/maps/places?input=${encodeURIComponent(input)}` });
        expect(res.statusCode).toBe(400);
      }
      expect((await operator({ method: 'GET', url: '/api/maps/places' })).statusCode).toBe(400);
    });

    it('names the nearest readable address near a point, else the nearest municipality, else 404', async () => {
      const all = await warehouses();
      const target = all.find((w) => w.owner !== ownerCompany)!;
      const reverse = (call: Call, lat: number, lng: number) => call({ method: 'GET', url: `/api/maps/geocode/reverse?lat=${lat}&lng=${lng}` });

      const hit = await reverse(operator, target.lat + 0.0003, target.lng);
      expect(hit.statusCode, hit.body).toBe(200);
      const found = hit.json().data;
      expect(['warehouse', 'subject']).toContain(found.kind);
      expect(found.distance).toBeLessThanOrEqual(KNOWN_PLACE_RADIUS_M);
      expect(typeof found.title).toBe('string');
      expect(found.address).toHaveProperty('locality');

      // the owner never gets another company's warehouse
      const ownerView = await reverse(owner, target.lat, target.lng);
      if (ownerView.statusCode === 200) expect(ownerView.json().data.recordId === target.id && ownerView.json().data.kind === 'warehouse').toBe(false);

      // a point of Lodi away from every known address: the municipality
      const known = [...all, ...(await subjectPoints())];
      const candidates = [0.004, 0.006, 0.008, -0.004, -0.006].map((d) => ({ lat: LODI.lat + d, lng: LODI.lng - d }));
      const free = candidates.find((c) => known.every((k) => greatCircle(c, k) > KNOWN_PLACE_RADIUS_M + 10))!;
      const town = await reverse(operator, free.lat, free.lng);
      expect(town.statusCode, town.body).toBe(200);
      expect(town.json().data).toMatchObject({ title: 'Lodi (LO)', kind: 'municipality', recordId: null, address: { locality: 'Lodi', province: 'LO' } });

      // Roma: no known place, no municipality of the gazetteer within its radius
      const none = await reverse(operator, 41.9028, 12.4964);
      expect(none.statusCode).toBe(404);
      expect(none.json().errorCode).toBe('NOT_FOUND');

      expect((await reverse(operator, 95, 9)).statusCode).toBe(400);
      for (const query of ['lat=abc&lng=9', 'lat=&lng=', 'lat=1e1&lng=9', 'lat=45', 'lat=45.1&lng=-181']) {
        expect((await operator({ method: 'GET', url: `/api/maps/geocode/reverse?${query}` })).statusCode, query).toBe(400);
      }
    });

    const subjectPoints = async () =>
      (
        await sql<{ lat: number; lng: number }>`
          select (a->>'latitude')::float8 as lat, (a->>'longitude')::float8 as lng
          from subject, jsonb_array_elements(case when jsonb_typeof(addresses) = 'array' then addresses else '[]'::jsonb end) a
          where a->>'latitude' ~ '^-?[0-9.]+$' and a->>'longitude' ~ '^-?[0-9.]+$'`.execute(t.db)
      ).rows.map((r) => ({ lat: Number(r.lat), lng: Number(r.lng) }));
  });
});
