import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect as baseExpect, request as playwrightRequest, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { startServer, waitForExit, type ServerProcess } from '../../packages/server/test/support/server-process.js';
import { api, filter, type Rec } from '../support/api.js';
import { signIn } from '../support/auth.js';
import { preparedDataDir } from '../support/data-dir.js';

/**
 * Issue 17's journey: a logistics planner opens the map dialog from the transport planner, picks
 * 30 stops in STAGE (some in clusters, ten at one spot spiderfied), locks the first, asks for an
 * optimised PATH and confirms: the stops come back reordered with the route's totals, and the
 * planner takes them in that order. With the routing provider failing, the route request shows
 * the 'Attenzione!' notification and the dialog is back in STAGE.
 *
 * The application runs on its own with ROUTING_PROVIDER=osrm pointing at a stub OSRM server in
 * this process (straight-line answers; a switch makes it answer HTTP 500).
 */
test.describe.configure({ timeout: 480_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const WEB_DIST = process.env.WEB_DIST || path.resolve(import.meta.dirname, '../../packages/web/dist');

/** Metres between two points (haversine): the stub's distances. */
function metres(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const [lng1, lat1] = a;
  const [lng2, lat2] = b;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** A stub OSRM: /route and /table with straight-line figures (50 km/h); `failing` answers HTTP 500. */
class StubOsrm {
  failing = false;
  calls: string[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      this.calls.push(url.pathname);
      if (this.failing) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('provider down');
        return;
      }
      const match = /^\/(route|table)\/v1\/driving\/(.+)$/.exec(url.pathname);
      if (!match) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'InvalidUrl' }));
        return;
      }
      const points = decodeURIComponent(match[2]!)
        .split(';')
        .map((p) => p.split(',').map(Number) as [number, number]);
      const seconds = (m: number) => m / 13.9;
      let body: unknown;
      if (match[1] === 'route') {
        const legs = points.slice(1).map((p, i) => {
          const d = metres(points[i]!, p);
          return { distance: d, duration: seconds(d) };
        });
        body = { code: 'Ok', routes: [{ legs, distance: legs.reduce((s, l) => s + l.distance, 0), geometry: { type: 'LineString', coordinates: points } }] };
      } else {
        const pick = (name: string) => (url.searchParams.get(name) ? url.searchParams.get(name)!.split(';').map(Number) : points.map((_, i) => i));
        const sources = pick('sources');
        const destinations = pick('destinations');
        const distances = sources.map((s) => destinations.map((d) => metres(points[s]!, points[d]!)));
        body = { code: 'Ok', distances, durations: distances.map((row) => row.map(seconds)) };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const osrm = new StubOsrm();
let server: ServerProcess | undefined;
let dataDir: string | undefined;
let apiContext: APIRequestContext | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const osrmUrl = await osrm.start();
  dataDir = preparedDataDir('circula-map-');
  server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', WEB_DIST, ROUTING_PROVIDER: 'osrm', OSRM_URL: osrmUrl });
  apiContext = await playwrightRequest.newContext({ baseURL: server.baseUrl });
});

test.afterAll(async () => {
  await apiContext?.dispose();
  if (server) {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
  }
  await osrm.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);

/**
 * The pickup points of the journey, around Bergamo: ten requests at one spot (a cluster that
 * spiderfies), six pairs 150 m apart (clusters until zoomed in), eight points on their own.
 */
function layout(): { lat: number; lng: number; requests: number }[] {
  const spots = [{ lat: 45.6, lng: 9.4, requests: 10 }];
  for (let j = 0; j < 6; j++) {
    const lat = 45.45 + (j % 3) * 0.15;
    const lng = 9.6 + Math.floor(j / 3) * 0.25;
    spots.push({ lat, lng, requests: 1 }, { lat: lat + 0.0015, lng, requests: 1 });
  }
  for (let i = 0; i < 8; i++) spots.push({ lat: 45.4 + (i % 4) * 0.12, lng: 8.95 + Math.floor(i / 4) * 0.3, requests: 1 });
  return spots;
}

/** The stops chosen in the dialog's right panel, as their request codes. */
const stageCodes = async (dialog: Locator) => (await dialog.getByTestId('map-stage-title').allTextContents()).map((t) => t.split(' – ')[0]!.trim());

async function openMap(page: Page): Promise<Locator> {
  await page.getByTestId('planner-map').click();
  const dialog = page.getByTestId('map-dialog');
  await expect(dialog.getByTestId('map-canvas')).toBeVisible();
  return dialog;
}

async function choosePath(page: Page, dialog: Locator) {
  await dialog.getByTestId('map-modality').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Percorso' }).click();
  await expect(page.getByTestId('map-path-confirm')).toBeVisible();
}

test('map dialog: 30 stops in STAGE (clustered, spiderfied), the first locked, optimised PATH reorders them with totals; a provider failure notifies and returns to STAGE', async ({ browser }) => {
  const admin = await api(apiContext!, 'admin');
  const owner = await api(apiContext!, 'owner');
  const suffix = `Mappa${String(Date.now()).slice(-5)}`;

  // 30 accepted requests from the pickup points of the layout
  const pdp = ((await owner.get('/api/warehouses/warehouses-pdp?size=1')) as { items: Rec[] }).items[0]!;
  const waste = ((await admin.get(`/api/waste/waste?${filter('code', '150106')}`)) as { items: Rec[] }).items[0]!;
  const plant = await admin.post('/api/warehouses/warehouse', { name: `Impianto ${suffix}`, warehouseType: 'PLANT', authorisedWaste: [waste.id], operations: ['R13'], address: { city: 'Bergamo', latitude: '45.690000', longitude: '9.670000' } });
  const created: Rec[] = [];
  let n = 0;
  for (const spot of layout()) {
    const warehouse = await admin.post('/api/warehouses/warehouse', {
      name: `Punto ${suffix} ${++n}`,
      warehouseType: 'PDP',
      owner: pdp.owner,
      address: { city: 'Bergamo', province: 'BG', country: 'ITA', latitude: spot.lat.toFixed(6), longitude: spot.lng.toFixed(6) },
    });
    for (let r = 0; r < spot.requests; r++) {
      const request = await admin.post('/api/transactions/rdr', {
        kind: 'RDR',
        requester: pdp.owner,
        pickupPoint: warehouse.id,
        destination: plant.id,
        wishedFrom: tomorrow(),
        lines: [{ waste: waste.id, description: 'Imballaggi in materiali misti', quantity: { value: 100, unit: 'KG' } }],
      });
      const submitted = await admin.put(`/api/transactions/rdr/${request.id}?newStatus=SUBMITTED`, { version: request.version });
      created.push(await admin.put(`/api/transactions/rdr/${request.id}?newStatus=ACCEPTED`, { version: submitted.version }));
    }
  }
  expect(created).toHaveLength(30);

  // the planner opens the map from the transport planner
  const context = await browser.newContext({ baseURL: server!.baseUrl, viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await signIn(page, 'logistic');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/transport');
  await page.getByTestId('plan-transport').click();
  const planner = page.locator('.transport-planner');
  await expect(planner.getByTestId('planner-map')).toBeVisible();
  const dialog = await openMap(page);

  // only the journey's points: the filter panel narrows the markers to them, the view fits them
  await dialog.getByTestId('map-filter').fill(suffix);
  await expect(dialog.getByTestId('map-points-count')).toContainText('30 punti su');
  await dialog.getByTestId('map-fit').click();
  const canvas = dialog.getByTestId('map-canvas');
  // some are clustered
  await expect(canvas.getByTestId('map-cluster').first()).toBeVisible();

  // the ten at one spot: their cluster spiderfies (a spiral: 9 or more)
  const ten = canvas.locator('[data-testid="map-cluster"][data-count="10"]');
  await expect(ten).toBeVisible();
  await ten.dispatchEvent('click');
  await expect(canvas.locator('path.circula-map-spider-leg')).toHaveCount(10);
  const spiderfied = canvas.locator('[data-testid="map-marker"]:not([data-stage])');
  await expect(spiderfied).not.toHaveCount(0);
  // stops are chosen from the keyboard among the spiderfied markers: the spider stays open
  for (let i = 0; i < 10; i++) {
    const before = await canvas.locator('[data-testid="map-marker"][data-stage]').count();
    await canvas.locator('[data-testid="map-marker"]:not([data-stage])').first().press('Enter');
    await expect(canvas.locator('[data-testid="map-marker"][data-stage]')).toHaveCount(before + 1);
  }
  await expect(canvas.locator('path.circula-map-spider-leg')).toHaveCount(10);
  await expect(dialog.getByTestId('map-stages-count')).toHaveText('10 tappe');

  // the others: free markers chosen, clusters with unchosen markers opened, the view refitted when none is in sight
  for (let guard = 0; guard < 120; guard++) {
    const count = Number((await dialog.getByTestId('map-stages-count').textContent())!.replace(/\D/g, ''));
    if (count >= 30) break;
    const free = canvas.locator('[data-testid="map-marker"]:not([data-stage])');
    if ((await free.count()) > 0) {
      await free.first().press('Enter');
      await expect(dialog.getByTestId('map-stages-count')).not.toHaveText(`${count} tappe`);
      continue;
    }
    const open = canvas.locator('.circula-map-cluster-open [data-testid="map-cluster"]');
    if ((await open.count()) > 0) {
      await open.first().dispatchEvent('click');
      await page.waitForTimeout(700);
      continue;
    }
    await dialog.getByTestId('map-fit').click();
    await page.waitForTimeout(700);
  }
  await expect(dialog.getByTestId('map-stages-count')).toHaveText('30 tappe');
  expect(new Set(await stageCodes(dialog))).toEqual(new Set(created.map((r) => String(r.code))));

  // the first is locked
  const picked = await stageCodes(dialog);
  await dialog.getByTestId('map-stage-lock').first().click();
  await expect(dialog.getByTestId('map-stage').first().getByRole('button', { name: /^Sblocca/ })).toBeVisible();
  await dialog.getByTestId('map-fit').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/map-stage.png' });

  // PATH with optimisation: no clusters, the stops come back reordered, the first in place, totals shown
  await choosePath(page, dialog);
  await page.getByTestId('map-path-config').getByText("Ottimizza l'ordine delle tappe").click();
  await page.getByTestId('map-path-confirm').click();
  await expect(dialog.getByTestId('map-route-totals')).toBeVisible();
  await expect(dialog.getByTestId('map-reordered')).toBeVisible();
  await expect(canvas).toHaveAttribute('data-modality', 'PATH');
  await expect(canvas.getByTestId('map-cluster')).toHaveCount(0);
  await expect(canvas.locator('[data-testid="map-marker"]')).toHaveCount(30);
  await expect(canvas.locator('path.circula-map-route')).toHaveCount(1);
  const optimised = await stageCodes(dialog);
  expect(optimised[0]).toBe(picked[0]);
  expect(optimised[29]).toBe(picked[29]);
  expect(new Set(optimised)).toEqual(new Set(picked));
  expect(optimised).not.toEqual(picked);
  await expect(dialog.getByTestId('map-route-distance')).toContainText(/\d+ km/);
  await expect(dialog.getByTestId('map-route-leg')).toHaveCount(29);
  expect(osrm.calls.some((c) => c.startsWith('/table/'))).toBe(true);
  await page.screenshot({ path: '/tmp/map-path.png' });

  // confirmed: the planner's pickups follow the route's order
  await dialog.getByTestId('map-confirm').click();
  await expect(dialog).toBeHidden();
  const stopLabels = await planner.getByTestId('planner-stops').locator(':scope > li').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label') ?? ''));
  const pickups = stopLabels.filter((l) => l.includes('Ritiro')).map((l) => l.replace(/^.*Ritiro /, '').trim());
  expect(pickups).toEqual(optimised);

  // the planner's own guided help, above its drawer (issue 20): counter, arrow keys, the highlighted
  // part above the mask, and Escape closes the tour, not the planner
  await planner.getByTestId('planner-tour').click();
  const counter = page.getByTestId('tour-counter');
  await expect(counter).toHaveText('1 / 6');
  const maskZ = Number(await page.getByTestId('tour-mask').evaluate((e) => getComputedStyle(e).zIndex));
  expect(maskZ).toBeGreaterThan(1000);
  await expect(planner.getByTestId('planner-requests')).toHaveCSS('z-index', String(maskZ + 1));
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('2 / 6');
  await page.screenshot({ path: test.info().outputPath('planner-tour.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tour')).toHaveCount(0);
  await expect(planner.getByTestId('planner-map')).toBeVisible();

  // the provider fails: the notification, and back to STAGE with the stops as they were
  osrm.failing = true;
  const again = await openMap(page);
  await expect(again.getByTestId('map-stages-count')).toHaveText('30 tappe');
  await choosePath(page, again);
  await page.getByTestId('map-path-confirm').click();
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Attenzione!' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Richiesta del percorso non riuscita a causa di HTTP_500');
  await expect(again.getByTestId('map-canvas')).toHaveAttribute('data-modality', 'STAGE');
  await expect(again.getByTestId('map-route')).toHaveCount(0);
  expect(await stageCodes(again)).toEqual(optimised);
  await page.screenshot({ path: '/tmp/map-failure.png' });
  await context.close();
});
