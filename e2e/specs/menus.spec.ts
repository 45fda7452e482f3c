import { expect, test } from '@playwright/test';
import { openSystemMenu, signIn } from '../support/auth.js';

test('an owner does not see the owner and requester entries but sees the company entry', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/rdr$/);
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-item-rdr')).toBeVisible();
  await expect(page.getByTestId('menu-item-owner')).toHaveCount(0);
  await expect(page.getByTestId('menu-item-requester')).toHaveCount(0);
});

test('a manager sees the owner entry in the stakeholders group', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('side-menu').getByText(/soggetti|stakeholder|anagrafiche/i).first().click();
  await expect(page.getByTestId('menu-item-owner')).toBeVisible();
});

test('a logistic user has no logistic warehouse section', async ({ page }) => {
  await signIn(page, 'logistic');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('menu-item-transport')).toHaveCount(1);
  await expect(page.getByTestId('menu-item-warehouses-cdr')).toHaveCount(0);
});

test('security entries: users for a manager, groups only for the administrator', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSystemMenu(page);
  await expect(page.getByTestId('system-menu-item-users')).toHaveCount(1);
  await expect(page.getByTestId('system-menu-item-groups')).toHaveCount(0);
  await page.goto('/groups');
  await expect(page.getByTestId('area-forbidden')).toBeVisible();
});

test('an operator has no configuration or security sections', async ({ page }) => {
  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSystemMenu(page);
  await expect(page.getByTestId('system-menu-item-waste')).toHaveCount(1);
  await expect(page.getByTestId('system-menu-item-users')).toHaveCount(0);
  await expect(page.getByTestId('system-menu-item-tables')).toHaveCount(0);
});

test('logout returns to the login page and the session is over', async ({ page }) => {
  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSystemMenu(page);
  await page.getByTestId('system-menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});
