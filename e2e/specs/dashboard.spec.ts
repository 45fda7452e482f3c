import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth.js';

/**
 * Issue 20's journey: the demo manager (ROLE_MANAGER: reads requests, transports, the ledger,
 * warehouses, deadlines and invoices) opens the dashboard on the demo's year of data, sees every
 * section with its figures and the chart, and follows figures to their lists: each list opens
 * filtered as the figure was counted, with the same count.
 */
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** Clicks a figure and checks that its list opens filtered with the figure's count. */
async function follow(page: Page, testId: string, route: string, filters: number): Promise<void> {
  const figure = page.getByTestId(testId);
  await expect(figure).toHaveAttribute('data-count', /^\d+$/);
  const count = (await figure.getAttribute('data-count'))!;
  expect(Number(count)).toBeGreaterThan(0);
  await figure.click();
  await expect(page).toHaveURL(new RegExp(`/${route}\\?filters=`));
  await expect(page.getByTestId('record-list')).toHaveAttribute('data-route', route);
  await expect(page.getByTestId('list-filter-tag')).toHaveCount(filters);
  await expect(page.getByTestId('list-total')).toHaveAttribute('data-total', count);
}

test('a manager opens the dashboard with the demo data and follows its figures to their filtered lists, with the same counts', async ({ page }) => {
  await signIn(page, 'manager');
  // the manager lands on the dashboard (README, demo users)
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // every section a manager may read, with figures from the demo's year
  const requests = page.getByTestId('dashboard-requests-movement-requests');
  await expect(requests).toBeVisible();
  for (const section of ['dashboard-transports', 'dashboard-tonnes', 'dashboard-stock', 'dashboard-deadlines', 'dashboard-invoices']) await expect(page.getByTestId(section)).toBeVisible();
  // the week's trips on the small map: markers (or their clusters) and a line per trip
  const map = page.getByTestId('dashboard-transports-map');
  await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expect(map.locator('.circula-map-line').first()).toBeAttached();

  // the guided help of the page: counter, arrow keys, the highlighted target above the page (spec §2)
  await page.getByTestId('tour-button').click();
  const counter = page.getByTestId('tour-counter');
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  await expect(page.getByTestId('dashboard-period-bar')).toHaveCSS('z-index', '101');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/^2 \/ \d+$/);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tour')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-period')).toHaveText(/^Periodo dal \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByTestId('dashboard-requests-movement-requests-total')).toHaveText(/^\d{1,3}(\.\d{3})*$/);
  await expect(page.getByTestId('dashboard-invoices-revenue')).toHaveText(/€$/);
  // the chart is drawn (ECharts on a canvas, loaded with the section), with the codes' table beside it
  await expect(page.getByTestId('dashboard-tonnes-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-tonnes-codes')).toContainText(/\d{2} \d{2} \d{2}/);
  await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });

  // the completed requests of the period: their list, filtered by wished date and status
  await follow(page, 'dashboard-requests-movement-requests-status-DONE', 'movement-requests', 2);

  // back on the dashboard: the invoices issued in the period behind the revenue
  await page.goBack();
  await expect(page.getByTestId('dashboard-invoices')).toBeVisible();
  await follow(page, 'dashboard-invoices-revenue', 'invoices', 2);

  // and the overdue invoices
  await page.goBack();
  await expect(page.getByTestId('dashboard-invoices')).toBeVisible();
  await follow(page, 'dashboard-invoices-overdue', 'invoices', 4);
});
