import { CATALOGUE, group } from '@circula/model';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { widgetFor } from '../registry';
import { page, renderApp, setup, stubApi } from '../../test/harness';

const target = CATALOGUE.target('tables')!;
const field = group('address');

function Harness({ initial, onValue, disabled }: { initial: unknown; onValue: (v: unknown) => void; disabled?: boolean }) {
  const [value, setValue] = useState<unknown>(initial);
  const { Input } = widgetFor(field);
  return (
    <Input
      name="address"
      id="address"
      mode={disabled ? 'show' : 'update'}
      disabled={disabled}
      target={target}
      field={field}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

/** jsdom lays nothing out: the map gets a size, so that Leaflet places markers and reads clicks. */
function sizedMap() {
  const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  onTestFinished(() => {
    width.mockRestore();
    height.mockRestore();
  });
}

describe('address group: pick on map', { timeout: 30_000 }, () => {
  let api: ReturnType<typeof stubApi>;
  beforeEach(async () => {
    await setup('it');
    api = stubApi({
      '/api/conf/tables/tablevalue': () => page([]),
      '/api/conf/tables': () => page([]),
      '/api/maps/geocode/reverse': (url) => ({
        title: 'Via Roma 12, Lodi',
        address: { route: 'Via Roma', streetNumber: '12', locality: 'Lodi', province: 'LO', country: 'IT', postalCode: '26900' },
        lat: Number(url.searchParams.get('lat')),
        lng: Number(url.searchParams.get('lng')),
        kind: 'geocoder',
        recordId: null,
        distance: 3,
      }),
    });
  });

  it('a click on the map puts the point; confirmed, the coordinates are set with 6 decimals and the empty address fields filled on request', async () => {
    sizedMap();
    const onValue = vi.fn();
    renderApp(<Harness initial={{ street: 'Corso Italia', latitude: '45.314000', longitude: '9.503000' }} onValue={onValue} />);
    fireEvent.click(screen.getByRole('button', { name: /Scegli sulla mappa/ }));
    const canvas = await screen.findByTestId('map-canvas', {}, { timeout: 15_000 });
    // the current point is shown
    await waitFor(() => expect(document.querySelector('[data-marker-id="current"]')).not.toBeNull());
    // a click elsewhere replaces it, named by the geocoder
    fireEvent.click(canvas.querySelector('.leaflet-container') ?? canvas, { clientX: 500, clientY: 200 });
    await waitFor(() => expect(document.querySelector('[data-marker-id="current"]')).toBeNull());
    await waitFor(() => expect(document.querySelector('[data-testid="map-marker"]')?.getAttribute('aria-label')).toBe('Via Roma 12, Lodi'));
    const asked = api.calls.find((c) => c.pathname === '/api/maps/geocode/reverse')!;
    fireEvent.click(screen.getByTestId('map-confirm'));

    const lat = Number(asked.searchParams.get('lat'));
    const lng = Number(asked.searchParams.get('lng'));
    await waitFor(() => expect(onValue).toHaveBeenCalled());
    expect(onValue.mock.calls.at(-1)![0]).toMatchObject({ street: 'Corso Italia', latitude: lat.toFixed(6), longitude: lng.toFixed(6) });
    expect((onValue.mock.calls.at(-1)![0] as { latitude: string }).latitude).toMatch(/^-?\d+\.\d{6}$/);
    // the offer to fill the empty fields: the street typed stays
    fireEvent.click(await screen.findByText('Compila'));
    await waitFor(() => expect(onValue.mock.calls.at(-1)![0]).toMatchObject({ street: 'Corso Italia', houseNumber: '12', city: 'Lodi', zip: '26900', country: 'ITA', province: 'LO' }));
  });

  it('a read-only form shows the point read-only, and offers no map without coordinates', async () => {
    const onValue = vi.fn();
    const { unmount } = renderApp(<Harness initial={{ city: 'Lodi' }} onValue={onValue} disabled />);
    expect(screen.queryByRole('button', { name: /Vedi sulla mappa/ })).toBeNull();
    unmount();
    renderApp(<Harness initial={{ latitude: '45.3', longitude: '9.5' }} onValue={onValue} disabled />);
    fireEvent.click(screen.getByRole('button', { name: /Vedi sulla mappa/ }));
    expect(await screen.findByTestId('map-read-only', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('map-confirm')).toBeNull();
  });
});
