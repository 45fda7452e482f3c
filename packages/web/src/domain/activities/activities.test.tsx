import { CATALOGUE } from '@circula/model';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import type { RecordController } from '../../records/form/useRecordController';
import { signedInAsAdmin } from '../../test/harness';
import { createSlotRegistry } from '../slots';
import { notifyDanger } from '../../app/notifications';
import { activities, receiptUrl } from '.';

// the failure message is asserted, not rendered: a notification rendered after the file's last test outlives its window
vi.mock('../../app/notifications', () => ({ notifyDanger: vi.fn(), notifyError: vi.fn() }));

const target = CATALOGUE.target('conferral')!;
const controller = (current: Record<string, unknown> | null, deleted = false) => ({ current, deleted }) as unknown as RecordController;
const button = (current: Record<string, unknown> | null, deleted = false) =>
  createSlotRegistry([activities])
    .route('conferral')
    .recordActions.map((action) => action.button({ target, controller: controller(current, deleted) }, (key) => i18n.t(key)))[0];

describe('activities web module: the conferral receipt', () => {
  signedInAsAdmin();
  let opened: { location: { href: string }; close: ReturnType<typeof vi.fn> };
  let fetched: { url: string; headers: Headers }[];

  beforeEach(() => {
    opened = { location: { href: '' }, close: vi.fn() };
    fetched = [];
    vi.stubGlobal('open', vi.fn(() => opened));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt-1'), revokeObjectURL: vi.fn() }));
  });

  const serve = (status: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        fetched.push({ url: String(input), headers: new Headers(init?.headers) });
        return status === 200
          ? new Response(new Blob(['%PDF-1.3 receipt'], { type: 'application/pdf' }), { status, headers: { 'Content-Type': 'application/pdf' } })
          : new Response(JSON.stringify({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }), { status, headers: { 'Content-Type': 'application/json' } });
      }),
    );

  it('shows "Ricevuta" on a saved conferral only', () => {
    expect(button(null)).toBeNull();
    expect(button({ id: 7, code: 'CONF-000007' }, true)).toBeNull();
    expect(button({ id: 7, code: 'CONF-000007' })).toMatchObject({ key: 'receipt', label: 'Ricevuta', testId: 'conferral-receipt' });
    expect(receiptUrl(target.endpoint, 7)).toBe('/api/transactions/conferral/7/receipt');
  });

  it('is translated in English', async () => {
    await i18n.changeLanguage('en');
    expect(button({ id: 7 })?.label).toBe('Receipt');
    await i18n.changeLanguage('it');
  });

  it('opens the PDF fetched with the bearer token in a new window', async () => {
    serve(200);
    button({ id: 7 })!.onClick();
    await vi.waitFor(() => expect(opened.location.href).toBe('blob:receipt-1'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.url).toMatch(/\/api\/transactions\/conferral\/7\/receipt$/);
    expect(fetched[0]!.headers.get('Authorization')).toBe('Bearer t');
    expect(opened.close).not.toHaveBeenCalled();
  });

  it('closes the window it opened when the receipt cannot be had', async () => {
    serve(404);
    button({ id: 8 })!.onClick();
    await vi.waitFor(() => expect(opened.close).toHaveBeenCalled());
    expect(opened.location.href).toBe('');
    expect(notifyDanger).toHaveBeenCalledWith(i18n.t('ACTIVITIES.RECEIPT_FAILED'));
  });
});
