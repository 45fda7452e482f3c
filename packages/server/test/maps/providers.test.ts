import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { NominatimGeocoder } from '../../src/maps/geocoding/nominatim.js';
import { OsrmProvider } from '../../src/maps/routing/osrm.js';
import { callers, json, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

type Handler = (url: URL, res: ServerResponse) => void;

/** A stand-in for OSRM or Nominatim on loopback: answers with the handler of the moment, records the URLs asked. */
async function stubServer(): Promise<{ server: Server; url: string; asked: URL[]; handle(handler: Handler): void }> {
  let handler: Handler = (_url, res) => res.writeHead(500).end();
  const asked: URL[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    asked.push(url);
    handler(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, handle: (h) => (handler = h) };
}

const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Points of the request path `/…/driving/lng,lat;lng,lat`. */
const pointsOf = (url: URL) =>
  url.pathname
    .split('/')
    .at(-1)!
    .split(';')
    .map((p) => p.split(',').map(Number) as [number, number]);

const A = { lat: 45.4642, lng: 9.19 };
const B = { lat: 45.5845, lng: 9.2744 };
const C = { lat: 45.6983, lng: 9.6773 };

describe('maps with OSRM and Nominatim (stub servers on loopback)', () => {
  let t: TestApp;
  let operator: Call;
  let osrm: Awaited<ReturnType<typeof stubServer>>;
  let nominatim: Awaited<ReturnType<typeof stubServer>>;

  beforeAll(async () => {
    osrm = await stubServer();
    nominatim = await stubServer();
    const maps = loadConfig(
      { ROUTING_PROVIDER: 'osrm', OSRM_URL: `${osrm.url}/`, GEOCODER: 'nominatim', NOMINATIM_URL: nominatim.url, MAPS_PROVIDER_TIMEOUT_MS: '1500', OPTIMIZE_TIME_BUDGET_MS: '200' },
      { dataDir: null, jwtSecret: new Uint8Array(32) },
    ).maps;
    t = await createTestApp({ maps });
    ({ operator } = await callers(t.app, 'operator'));
  }, 180_000);
  afterAll(async () => {
    await t.close();
    osrm.server.closeAllConnections();
    nominatim.server.closeAllConnections();
    await Promise.all([osrm, nominatim].map((s) => new Promise((resolve) => s.server.close(resolve))));
  });
  beforeEach(() => {
    osrm.asked.length = 0;
    nominatim.asked.length = 0;
  });

  const directions = (body: unknown) => operator({ method: 'POST', url: '/api/maps/directions', ...json(body) });

  /** An OSRM route answer: legs of the given metres and seconds, the points as the line. */
  const routeAnswer = (legs: [number, number][]): Handler => (url, res) =>
    send(res, 200, { code: 'Ok', routes: [{ distance: 0, duration: 0, legs: legs.map(([distance, duration]) => ({ distance, duration, steps: [] })), geometry: { type: 'LineString', coordinates: pointsOf(url) } }], waypoints: [] });

  describe('OSRM', () => {
    it('asks the route service and maps its answer', async () => {
      osrm.handle(routeAnswer([[850, 95], [12_345, 1_500]]));
      const res = await directions({ origin: A, destination: C, waypoints: [B], avoidHighways: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        legs: [
          { distance: { text: '850 m', value: 850 }, duration: { text: '2 min', value: 95 } },
          { distance: { text: '12 km', value: 12_345 }, duration: { text: '25 min', value: 1_500 } },
        ],
        waypointOrder: [0],
        geometry: [
          [A.lat, A.lng],
          [B.lat, B.lng],
          [C.lat, C.lng],
        ],
        provider: 'osrm',
      });
      const [asked] = osrm.asked;
      expect(asked!.pathname).toBe('/route/v1/driving/9.190000,45.464200;9.274400,45.584500;9.677300,45.698300');
      expect(asked!.searchParams.get('overview')).toBe('full');
      expect(asked!.searchParams.get('geometries')).toBe('geojson');
      expect(asked!.searchParams.has('exclude')).toBe(false);
    });

    it('passes exclude=motorway to avoid highways', async () => {
      osrm.handle(routeAnswer([[20_000, 1_800]]));
      const res = await directions({ origin: A, destination: B, avoidHighways: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(osrm.asked[0]!.searchParams.get('exclude')).toBe('motorway');
    });

    it('orders the waypoints over the table service with optimizeWaypoints', async () => {
      // the table makes the given order the longest: the short drive is A → w2 → w1 → w0 → C
      const far = 100_000;
      const cost = (i: number, j: number) => (i === j ? 0 : Math.abs(i - j) === 1 ? far : 1_000);
      osrm.handle((url, res) => {
        if (url.pathname.startsWith('/table/')) {
          const n = pointsOf(url).length;
          // index order of the request: origin 0, waypoints 1..3, destination 4; wanted 0 → 3 → 2 → 1 → 4
          const wanted = [0, 3, 2, 1, 4];
          const pos = (k: number) => wanted.indexOf(k);
          const grid = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : Math.abs(pos(i) - pos(j)) === 1 ? 1_000 : far + cost(i, j))));
          return send(res, 200, { code: 'Ok', distances: grid, durations: grid.map((row) => row.map((d) => d / 10)) });
        }
        return routeAnswer([[1_000, 60], [1_000, 60], [1_000, 60], [1_000, 60]])(url, res);
      });
      const w = (k: number) => ({ lat: 45.5 + k / 100, lng: 9.3 });
      const res = await directions({ origin: A, destination: C, waypoints: [w(0), w(1), w(2)], optimizeWaypoints: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.waypointOrder).toEqual([2, 1, 0]);
      const table = osrm.asked.find((u) => u.pathname.startsWith('/table/'))!;
      expect(table.searchParams.get('annotations')).toBe('distance,duration');
      // the route is asked in the new order
      const route = osrm.asked.find((u) => u.pathname.startsWith('/route/'))!;
      expect(pointsOf(route).map(([, lat]) => lat)).toEqual([A.lat, 45.52, 45.51, 45.5, C.lat]);
    });

    it('answers 502 DIRECTIONS_FAILED with the provider status', async () => {
      const cases: [Handler, string][] = [
        [(_url, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'), 'HTTP_500'],
        [(_url, res) => send(res, 400, { code: 'NoRoute', message: 'Impossible route between points' }), 'NoRoute'],
        [(_url, res) => send(res, 200, { code: 'NoSegment' }), 'NoSegment'],
        [(_url, res) => send(res, 200, { code: 'Ok', routes: [] }), 'INVALID_RESPONSE'],
        [(_url, res) => void setTimeout(() => send(res, 200, { code: 'Ok' }), 4_000), 'TIMEOUT'],
      ];
      for (const [handler, status] of cases) {
        osrm.handle(handler);
        const res = await directions({ origin: A, destination: B });
        expect(res.statusCode, status).toBe(502);
        expect(res.json()).toEqual({ errorCode: 'DIRECTIONS_FAILED', errorMessage: 'DIRECTIONS_FAILED', reason: status });
      }
    });

    it('optimizes over one OSRM matrix', async () => {
      osrm.handle((url, res) => {
        const n = pointsOf(url).length;
        const grid = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Math.abs(i - j) * 1_000));
        send(res, 200, { code: 'Ok', distances: grid, durations: grid.map((row) => row.map((d) => d / 10)) });
      });
      const stops = [1, 2, 3, 4].map((k) => ({ id: `S${k}`, lat: 45.5 + k / 100, lng: 9.3 }));
      const res = await operator({ method: 'POST', url: '/api/maps/optimize', ...json({ depot: A, stops }) });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.provider).toBe('osrm');
      expect(osrm.asked).toHaveLength(1);
      expect(osrm.asked[0]!.pathname.startsWith('/table/v1/driving/')).toBe(true);
      expect(data.routes[0].stopIds.slice().sort()).toEqual(['S1', 'S2', 'S3', 'S4']);
      // out along the line and back: 4 km + 4 km
      expect(data.routes[0].distance).toEqual({ value: 8_000, text: '8 km' });
      // OSRM down: 502 as for directions
      osrm.handle((_url, res) => res.writeHead(503).end());
      const down = await operator({ method: 'POST', url: '/api/maps/optimize', ...json({ depot: A, stops }) });
      expect(down.statusCode).toBe(502);
      expect(down.json().reason).toBe('HTTP_503');
    });

    it('fetches a matrix larger than the table limit in blocks', async () => {
      const stub = await stubServer();
      try {
        // the cost between two points: the difference of their latitudes, in metres per 1e-6 degree
        stub.handle((url, res) => {
          const points = pointsOf(url);
          const sources = url.searchParams.get('sources')?.split(';').map(Number) ?? points.map((_, i) => i);
          const destinations = url.searchParams.get('destinations')?.split(';').map(Number) ?? points.map((_, i) => i);
          expect(sources.length).toBeLessThanOrEqual(2);
          expect(destinations.length).toBeLessThanOrEqual(2);
          const grid = sources.map((s) => destinations.map((d) => Math.round(Math.abs(points[s]![1] - points[d]![1]) * 1e6)));
          send(res, 200, { code: 'Ok', distances: grid, durations: grid.map((row) => row.map((v) => (v === 0 ? null : v / 10))) });
        });
        const points = [0, 1, 2, 3, 4].map((k) => ({ lat: 45 + k / 1000, lng: 9 }));
        const matrix = await new OsrmProvider(stub.url, 1_000, 2).matrix(points, { avoidHighways: false });
        expect(matrix.size).toBe(5);
        for (let i = 0; i < 5; i++) {
          for (let j = 0; j < 5; j++) {
            expect(matrix.distance[i * 5 + j]).toBe(Math.abs(i - j) * 1000);
            // a null (unreachable) duration becomes a prohibitive cost
            expect(matrix.duration[i * 5 + j]).toBe(i === j ? 1e9 : Math.abs(i - j) * 100);
          }
        }
        // 3 blocks of at most 2 points: 9 requests
        expect(stub.asked).toHaveLength(9);
      } finally {
        stub.server.close();
      }
    });
  });

  describe('Nominatim', () => {
    const milan = {
      lat: '45.4641',
      lon: '9.1919',
      name: 'Via Roma',
      display_name: 'Via Roma 12, Municipio 1, Milano, Lombardia, 20121, Italia',
      address: { road: 'Via Roma', house_number: '12', city: 'Milano', county: 'Milano', 'ISO3166-2-lvl6': 'IT-MI', state: 'Lombardia', postcode: '20121', country: 'Italia', country_code: 'it' },
    };

    it('reverse geocodes through /reverse with jsonv2, mapped to { title, address }', async () => {
      nominatim.handle((_url, res) => send(res, 200, milan));
      // the open sea off Liguria: no subject or warehouse there
      const res = await operator({ method: 'GET', url: '/api/maps/geocode/reverse?lat=43.9&lng=8.6' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        title: milan.display_name,
        address: { route: 'Via Roma', streetNumber: '12', locality: 'Milano', province: 'MI', country: 'ITA', postalCode: '20121' },
        lat: 45.4641,
        lng: 9.1919,
        kind: 'geocoder',
        recordId: null,
      });
      const asked = nominatim.asked[0]!;
      expect(asked.pathname).toBe('/reverse');
      expect(asked.searchParams.get('format')).toBe('jsonv2');
      expect(asked.searchParams.get('lat')).toBe('43.9');
      expect(asked.searchParams.get('lon')).toBe('8.6');
    });

    it('answers 404 when Nominatim knows no place there, 502 GEOCODING_FAILED when it fails', async () => {
      nominatim.handle((_url, res) => send(res, 200, { error: 'Unable to geocode' }));
      const none = await operator({ method: 'GET', url: '/api/maps/geocode/reverse?lat=43.9&lng=8.6' });
      expect(none.statusCode).toBe(404);
      nominatim.handle((_url, res) => res.writeHead(500).end());
      const failed = await operator({ method: 'GET', url: '/api/maps/geocode/reverse?lat=43.9&lng=8.6' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ errorCode: 'GEOCODING_FAILED', errorMessage: 'GEOCODING_FAILED', reason: 'HTTP_500' });
    });

    it('searches places through /search with addressdetails', async () => {
      nominatim.handle((_url, res) => send(res, 200, [milan, { ...milan, lat: 'x' }]));
      const res = await operator({ method: 'GET', url: `/api/maps/places?input=${encodeURIComponent('zzqx via roma')}` });
      expect(res.statusCode, res.body).toBe(200);
      // no own record matches the text: Nominatim's one valid place
      expect(res.json().data.items).toEqual([
        { label: milan.display_name, address: { route: 'Via Roma', streetNumber: '12', locality: 'Milano', province: 'MI', country: 'ITA', postalCode: '20121' }, lat: 45.4641, lng: 9.1919, kind: 'geocoder', recordId: null },
      ]);
      const asked = nominatim.asked[0]!;
      expect(asked.pathname).toBe('/search');
      expect(asked.searchParams.get('format')).toBe('jsonv2');
      expect(asked.searchParams.get('addressdetails')).toBe('1');
      expect(asked.searchParams.get('q')).toBe('zzqx via roma');
    });

    it('times out', async () => {
      const slow = await stubServer();
      try {
        slow.handle((_url, res) => void setTimeout(() => send(res, 200, []), 1_000));
        await expect(new NominatimGeocoder(slow.url, 200).search('Milano', 5)).rejects.toMatchObject({ statusCode: 502, errorCode: 'GEOCODING_FAILED', extra: { reason: 'TIMEOUT' } });
      } finally {
        slow.server.closeAllConnections();
        slow.server.close();
      }
    });
  });
});
