import { expect as baseExpect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from '../support/auth.js';

// a fresh server on a shared machine can be slow to answer the first calls of a page
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const field = (page: Page, name: string) => page.getByTestId(`record-field-${name}`).locator('input, textarea').first();

test('a fraction: its EWC code from the list pickup modal, its material created in the embedded-crud modal', async ({ page, request }) => {
  await signIn(page, 'admin');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/fraction/new');
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'new');
  await field(page, 'name').fill('Rottame ferroso selezionato');

  // advanced search of the reference: the large pickup modal over the waste list, paged by the server
  await page.getByTestId('advanced-search-waste').click();
  const modal = page.getByTestId('pickup-modal');
  await expect(modal).toHaveAttribute('data-route', 'waste');
  await expect(modal.locator('.ag-row').first()).toBeVisible();
  await expect(page.getByTestId('pickup-confirm')).toBeDisabled();
  await page.getByTestId('pickup-search-input').fill('ferro e acciaio');
  await page.getByTestId('pickup-search-button').click();
  const row = modal.locator('.ag-row', { hasText: '170405' }).first();
  await row.locator('[col-id="code"]').click();
  await expect(page.getByTestId('pickup-confirm')).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('pickup-modal.png') });
  await page.getByTestId('pickup-confirm').click();
  await expect(modal).toHaveCount(0);
  await expect(field(page, 'waste')).toHaveValue(/^17 04 05 — /);

  // the material: nothing linked yet, the button creates one in the target's own form
  await page.getByTestId('embedded-open').click();
  const embedded = page.getByTestId('embedded-modal');
  await expect(embedded).toHaveAttribute('data-mode', 'create');
  await embedded.getByTestId('record-field-name').locator('input').fill('Ferro da rottame (EoW)');
  await page.getByTestId('embedded-confirm').click();
  await expect(embedded).toHaveCount(0);
  await expect(page.getByTestId('embedded-text')).toHaveValue(/^MAT-\d{6} — Ferro da rottame \(EoW\)$/);
  await page.screenshot({ path: test.info().outputPath('embedded-field.png') });

  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/fraction\/\d+$/);
  await expect(field(page, 'waste')).toHaveValue(/^17 04 05 — /);
  await expect(page.getByTestId('embedded-text')).toHaveValue(/Ferro da rottame \(EoW\)$/);

  // what the server keeps: the ids of the chosen waste and of the material created
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const token = await apiToken(request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const fraction = (await (await request.get(`/api/waste/fraction/${id}`, { headers })).json()) as { data: { waste: number; material: number } };
  const waste = (await (await request.get(`/api/waste/waste/${fraction.data.waste}`, { headers })).json()) as { data: { code: string } };
  const material = (await (await request.get(`/api/waste/materials/${fraction.data.material}`, { headers })).json()) as { data: { name: string } };
  expect(waste.data.code).toBe('170405');
  expect(material.data.name).toBe('Ferro da rottame (EoW)');
});
