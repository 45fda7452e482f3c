import { describe, expect, it } from 'vitest';
import { pickupPlaceOf } from './planner-api';
import type { PlanRequest } from './planner-logic';
import { markerIdOf, requestMarkers } from './PlannerMap';

const request = (id: number, pickupPoint: number | null): PlanRequest => ({
  id,
  code: `RIC-${id}`,
  status: 'ACCEPTED',
  requester: 1,
  pickupPoint,
  destination: 9,
  wishedFrom: null,
  wishedTo: null,
  estimatedKg: 100,
});

describe('transport planner map', () => {
  it("reads a pickup point's coordinates from its address (text with a dot or comma), none when either is missing or out of range", () => {
    expect(pickupPlaceOf({ id: 5, name: 'Cascina', address: { latitude: '45.123456', longitude: '9,5' } })).toEqual({ id: 5, name: 'Cascina', lat: 45.123456, lng: 9.5 });
    expect(pickupPlaceOf({ id: 6, name: 'X', address: { latitude: '45.1', longitude: null } })).toMatchObject({ lat: null, lng: null });
    expect(pickupPlaceOf({ id: 7, name: 'X', address: { latitude: '95', longitude: '9' } })).toMatchObject({ lat: null, lng: null });
    expect(pickupPlaceOf({ id: 8 })).toEqual({ id: 8, name: '#8', lat: null, lng: null });
  });

  it('places each request at its pickup point, titled with its code and the place; those without coordinates are counted apart', () => {
    const places = new Map([
      [61, { name: 'Cascina', lat: 45.1, lng: 9.1 }],
      [62, { name: 'Senza', lat: null, lng: null }],
    ]);
    const { markers, missing } = requestMarkers([request(1, 61), request(2, 61), request(3, 62), request(4, null)], places);
    expect(markers.map((m) => [m.id, m.title, m.position])).toEqual([
      [markerIdOf(1), 'RIC-1 – Cascina', { lat: 45.1, lng: 9.1 }],
      [markerIdOf(2), 'RIC-2 – Cascina', { lat: 45.1, lng: 9.1 }],
    ]);
    expect(markers[0]!.rawData!.id).toBe(1);
    expect(missing).toBe(2);
  });
});
