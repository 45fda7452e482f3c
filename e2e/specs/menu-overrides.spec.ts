import { expect, test } from '@playwright/test';
import { apiToken, openSystemMenu, signIn } from '../support/auth.js';

/**
 * Issue 12: the menus come from /api/entityconf/visible, so what an administrator overrides in the
 * entity configuration (label, icon, menu visibility) is what every user sees at the next load.
 * Load units and services are entries no other journey uses: the overrides are removed at the end.
 */
test("an administrator's entity configuration renames, re-icons and hides menu entries at the next load", async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const created: number[] = [];
  const override = async (data: Record<string, unknown>) => {
    const response = await request.post('/api/entityconf/entityconf', { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    created.push(((await response.json()) as { data: { id: number } }).data.id);
  };
  try {
    await signIn(page, 'manager');
    await expect(page).toHaveURL(/\/dashboard$/);
    await openSystemMenu(page);
    await expect(page.getByTestId('system-menu-item-load-unit')).toContainText('Unità di carico');
    await expect(page.getByTestId('system-menu-item-biz-services')).toHaveCount(1);

    await override({ code: 'load-unit', label: { it: 'Contenitori', en: 'Containers' }, icon: 'InboxOutlined' });
    await override({ code: 'biz-services', menuVisible: false });

    await page.reload();
    await openSystemMenu(page);
    const loadUnits = page.getByTestId('system-menu-item-load-unit');
    await expect(loadUnits).toContainText('Contenitori');
    await expect(loadUnits.locator('[aria-label="inbox"]')).toHaveCount(1);
    await expect(page.getByTestId('system-menu-item-biz-services')).toHaveCount(0);
    // hidden from the menu is not forbidden: the page still opens
    await page.goto('/biz-services');
    await expect(page.getByTestId('record-list')).toBeVisible();
  } finally {
    for (const id of created) {
      const current = (await (await request.get(`/api/entityconf/entityconf/${id}`, { headers })).json()) as { data: { version: number } };
      await request.put(`/api/entityconf/entityconf/${id}/delete`, { headers, data: { version: current.data.version } });
    }
  }
});
