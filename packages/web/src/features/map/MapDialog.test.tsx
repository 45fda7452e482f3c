import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderApp, signedInAsAdmin, stubServer, type StubCall, type StubReply } from '../../test/harness';
import MapDialog, { type MapDialogProps } from './MapDialog';
import type { MapMarker } from './map-state';

const marker = (id: string, lat: number, lng: number): MapMarker => ({ id, title: `Punto ${id}`, position: { lat, lng } });
const FOUR = [marker('a', 45.0, 9.0), marker('b', 45.1, 9.1), marker('c', 45.2, 9.2), marker('d', 45.3, 9.3)];
const leg = (metres: number, seconds: number) => ({ distance: { text: '', value: metres }, duration: { text: '', value: seconds } });

function open(props: Partial<MapDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderApp(<MapDialog open modality="STAGE" markers={FOUR} onCancel={onCancel} onConfirm={onConfirm} {...props} />);
  return { onConfirm, onCancel };
}

const stageTitles = () => screen.queryAllByTestId('map-stage-title').map((e) => e.textContent);

async function choosePath() {
  fireEvent.mouseDown(within(screen.getByTestId('map-modality')).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.textContent === 'Percorso');
    if (!found) throw new Error('no PATH option');
    return found;
  });
  return option;
}

function serveDirections(answer: (call: StubCall) => StubReply): StubCall[] {
  return stubServer((call) => (call.path === '/api/maps/directions' ? answer(call) : undefined));
}

describe('map dialog', { timeout: 30_000 }, () => {
  signedInAsAdmin();

  it('PATH with optimise: the stops between come back reordered (a locked one in place), totals and legs shown, the order restorable', async () => {
    const calls = serveDirections(() => ({ body: { data: { legs: [leg(1200, 600), leg(800, 300), leg(450, 120)], waypointOrder: [1, 0], geometry: [[45, 9], [45.3, 9.3]], provider: 'haversine' } } }));
    const { onConfirm } = open({ staged: ['a', 'b', 'c', 'd'] });
    expect(stageTitles()).toEqual(['Punto a', 'Punto b', 'Punto c', 'Punto d']);
    // lock the first
    fireEvent.click(screen.getByRole('button', { name: 'Blocca Punto a' }));
    expect(screen.getByRole('button', { name: 'Sblocca Punto a' })).toBeTruthy();

    const option = await choosePath();
    expect(option.getAttribute('aria-disabled')).not.toBe('true');
    fireEvent.click(option);
    const config = await screen.findByTestId('map-path-config');
    fireEvent.click(within(config).getByText("Ottimizza l'ordine delle tappe"));
    fireEvent.click(screen.getByTestId('map-path-confirm'));

    await waitFor(() => expect(stageTitles()).toEqual(['Punto a', 'Punto c', 'Punto b', 'Punto d']));
    const body = calls.find((c) => c.path === '/api/maps/directions')!.body!;
    expect(body.optimizeWaypoints).toBe(true);
    expect(body.origin).toEqual({ lat: 45, lng: 9 });
    expect(body.destination).toEqual({ lat: 45.3, lng: 9.3 });
    expect(body.waypoints).toEqual([
      { lat: 45.1, lng: 9.1 },
      { lat: 45.2, lng: 9.2 },
    ]);
    // 2.450 m → 2 km; 17 minutes
    expect(screen.getByTestId('map-route-distance').textContent).toContain('2 km');
    expect(screen.getByTestId('map-route-duration').textContent).toContain('17 min');
    const legs = screen.getAllByTestId('map-route-leg').map((l) => l.textContent);
    expect(legs[0]).toBe('1 → 2: 1 km, 10 min');
    expect(screen.getAllByTestId('map-route-leg')[0]!.getAttribute('title')).toBe('Punto a → Punto c');
    expect(legs[2]).toBe('3 → 4: 450 m, 2 min');

    fireEvent.click(screen.getByTestId('map-confirm'));
    expect(onConfirm.mock.calls[0]![0].stages.map((s: MapMarker) => s.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(onConfirm.mock.calls[0]![0].route.legs).toHaveLength(3);

    fireEvent.click(screen.getByTestId('map-restore-order'));
    expect(stageTitles()).toEqual(['Punto a', 'Punto b', 'Punto c', 'Punto d']);
    expect(screen.queryByTestId('map-route')).toBeNull();
  });

  it("a failed route: the 'Attenzione!' notification with the provider's status, back to STAGE", async () => {
    serveDirections(() => ({ status: 502, body: { errorCode: 'DIRECTIONS_FAILED', errorMessage: 'DIRECTIONS_FAILED', reason: 'HTTP_500' } }));
    open({ staged: ['a', 'b'] });
    fireEvent.click(await choosePath());
    await screen.findByTestId('map-path-config');
    fireEvent.click(screen.getByTestId('map-path-confirm'));
    expect(await screen.findByText('Attenzione!')).toBeTruthy();
    expect(screen.getByText('Richiesta del percorso non riuscita a causa di HTTP_500')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('map-canvas').getAttribute('data-modality')).toBe('STAGE'));
    expect(screen.queryByTestId('map-route')).toBeNull();
  });

  it('cancelling the path configuration returns to STAGE; PATH is disabled with one stop', async () => {
    stubServer(() => undefined);
    open({ staged: ['a', 'b'] });
    fireEvent.click(await choosePath());
    await screen.findByTestId('map-path-config');
    expect(screen.getByTestId('map-canvas').getAttribute('data-modality')).toBe('PATH');
    fireEvent.click(screen.getByTestId('map-path-cancel'));
    await waitFor(() => expect(screen.getByTestId('map-canvas').getAttribute('data-modality')).toBe('STAGE'));
    // one stop left: PATH may not be chosen
    fireEvent.click(screen.getByRole('button', { name: 'Togli Punto b' }));
    expect((await choosePath()).getAttribute('aria-disabled')).toBe('true');
  });

  it('clearing the stops keeps the locked ones', () => {
    stubServer(() => undefined);
    open({ staged: ['a', 'b', 'c'] });
    fireEvent.click(screen.getByRole('button', { name: 'Blocca Punto b' }));
    fireEvent.click(screen.getByTestId('map-stages-clear'));
    expect(stageTitles()).toEqual(['Punto b']);
    expect(screen.getByTestId('map-stages-count').textContent).toBe('1 tappa');
  });

  it('the filter panel narrows the markers counted', () => {
    stubServer(() => undefined);
    open({ filterPanel: true, missingCount: 2 });
    expect(screen.getByTestId('map-points-count').textContent).toContain('4 punti su 4');
    expect(screen.getByTestId('map-points-count').textContent).toContain('Senza coordinate: 2');
    fireEvent.change(screen.getByTestId('map-filter'), { target: { value: 'punto c' } });
    expect(screen.getByTestId('map-points-count').textContent).toContain('1 punti su 4');
  });

  it('MAP: the marker is keyboard-operable — Enter deletes it, and without markers the footer goes', async () => {
    stubServer(() => undefined);
    // jsdom lays nothing out: the map's container gets a size, so that the marker is in view and drawn
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    onTestFinished(() => {
      width.mockRestore();
      height.mockRestore();
    });
    open({ modality: 'MAP', markers: [marker('here', 45.46, 9.19)], center: { lat: 45.46, lng: 9.19 } });
    expect(screen.getByTestId('map-confirm')).toBeTruthy();
    const element = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-marker-id="here"]');
      if (!found) throw new Error('marker not drawn');
      return found;
    });
    expect(element.getAttribute('tabindex')).toBe('0');
    expect(element.getAttribute('aria-label')).toBe('Punto here');
    act(() => {
      fireEvent.keyDown(element, { key: 'Enter' });
    });
    await waitFor(() => expect(document.querySelector('[data-marker-id="here"]')).toBeNull());
    expect(screen.queryByTestId('map-confirm')).toBeNull();
  });

  it('read-only: no footer, no stop buttons, clicks change nothing', () => {
    stubServer(() => undefined);
    open({ staged: ['a', 'b'], readOnly: true });
    expect(screen.getByTestId('map-read-only')).toBeTruthy();
    expect(screen.queryByTestId('map-confirm')).toBeNull();
    expect(screen.queryByTestId('map-stages-clear')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Togli Punto a' })).toBeNull();
  });
});
