import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiToken, signIn } from './auth.js';

export type Rec = { id: number; version: number; [field: string]: unknown };

/** The API as one demo user, for the setup a journey needs beside the browser: each call must succeed. */
export async function api(request: APIRequestContext, username: string) {
  const token = await apiToken(request, username);
  const headers = { authorization: `Bearer ${token}` };
  const data = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { data: unknown }).data;
  };
  return {
    token,
    get: async (url: string) => data(await request.get(url, { headers })),
    post: async (url: string, body: unknown) => (await data(await request.post(url, { headers, data: body }))) as Rec,
    put: async (url: string, body: unknown) => (await data(await request.put(url, { headers, data: body }))) as Rec,
  };
}

/** A browser context of its own, signed in as a demo user. */
export async function pageAs(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** A record list's filter on one field, as the `q` parameter of API.md. */
export const filter = (field: string, value: unknown) => `q=${encodeURIComponent(JSON.stringify({ filters: [{ field, op: 'eq', value }] }))}`;
