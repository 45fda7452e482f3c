import { describe, expect, it } from 'vitest';
import {
  addRequest,
  applyPickupOrder,
  defaultStops,
  deliveries,
  loadsOnBoard,
  moveStop,
  newTrip,
  payloadOf,
  payloadShare,
  placeErrors,
  removeStop,
  requestSearch,
  stopWarnings,
  tomorrow,
  transportBody,
  type PlanRequest,
  type PlanStop,
} from './planner-logic';

const request = (id: number, destination: number | null, estimatedKg: number | null = 1000): PlanRequest => ({
  id,
  code: `RIC-${id}`,
  status: 'ACCEPTED',
  requester: 1,
  pickupPoint: 100 + id,
  destination,
  wishedFrom: '2026-03-05',
  wishedTo: null,
  estimatedKg,
});
const byId = (...list: PlanRequest[]) => new Map(list.map((r) => [r.id, r]));
const shape = (stops: readonly PlanStop[]) => stops.map((s) => `${s.kind === 'PICKUP' ? 'P' : 'D'}${s.request ?? ''}@${s.warehouse ?? ''}`);

describe('transport planner: stops', () => {
  it('picks up the requests in order, then delivers once per destination where the stop model allows', () => {
    expect(shape(defaultStops([request(1, 9), request(2, 9)]))).toEqual(['P1@', 'P2@', 'D@9']);
    // the destination with the most requests takes every load no other delivery names
    expect(shape(defaultStops([request(1, 8), request(2, 9), request(3, 9)]))).toEqual(['P1@', 'P2@', 'P3@', 'D1@8', 'D@9']);
  });

  it('delivers each load where the server would: the delivery naming its request, else the next naming none', () => {
    const stops = defaultStops([request(1, 8), request(2, 9), request(3, 9)]);
    expect([...deliveries(stops)]).toEqual([
      [0, 3],
      [1, 4],
      [2, 4],
    ]);
  });

  it('adds a request before the deliveries and sends its load to its destination', () => {
    let stops = addRequest([], request(1, 9));
    expect(shape(stops)).toEqual(['P1@', 'D@9']);
    stops = addRequest(stops, request(2, 9));
    expect(shape(stops)).toEqual(['P1@', 'P2@', 'D@9']);
    stops = addRequest(stops, request(3, 7));
    expect(shape(stops)).toEqual(['P1@', 'P2@', 'P3@', 'D@9', 'D3@7']);
    // added twice: nothing changes
    expect(shape(addRequest(stops, request(3, 7)))).toEqual(shape(stops));
  });

  it('takes a request off with the deliveries naming it', () => {
    const stops = defaultStops([request(1, 8), request(2, 9), request(3, 9)]);
    expect(shape(removeStop(stops, 0))).toEqual(['P2@', 'P3@', 'D@9']);
    expect(shape(removeStop(stops, 4))).toEqual(['P1@', 'P2@', 'P3@', 'D1@8']);
  });

  it('moves a stop and keeps its key', () => {
    const stops = defaultStops([request(1, 9), request(2, 9)]);
    const moved = moveStop(stops, 0, 1);
    expect(shape(moved)).toEqual(['P2@', 'P1@', 'D@9']);
    expect(moved[1]!.key).toBe(stops[0]!.key);
    expect(moveStop(stops, 0, 5)).toEqual(stops);
  });

  it('warns of a load no delivery takes and of a delivery before its pickup', () => {
    const stops = defaultStops([request(1, 8), request(2, 9)]);
    expect(shape(stops)).toEqual(['P1@', 'P2@', 'D@8', 'D2@9']);
    expect(stopWarnings(stops).size).toBe(0);
    const catchAllFirst = moveStop(stops, 2, 0);
    expect([...stopWarnings(catchAllFirst)]).toEqual([[catchAllFirst[1]!.key, ['NO_DELIVERY']]]);
    const namedFirst = moveStop(stops, 3, 0);
    expect([...stopWarnings(namedFirst)]).toEqual([[namedFirst[0]!.key, ['NOT_PICKED_UP']]]);
  });
});

describe('transport planner: weights', () => {
  it('counts the load on board after each stop', () => {
    const requests = byId(request(1, 8, 4000), request(2, 9, 2500.5), request(3, 9, null));
    const stops = defaultStops([...requests.values()]);
    expect(loadsOnBoard(stops, requests)).toEqual([4000, 6500.5, 6500.5, 2500.5, 0]);
    // delivering the first load before the second pickup lowers the peak
    expect(loadsOnBoard(moveStop(stops, 3, 1), requests)).toEqual([4000, 0, 2500.5, 2500.5, 0]);
  });

  it('measures it against the payload of the vehicle and its trailer', () => {
    expect(payloadOf(null, 5000)).toBeNull();
    expect(payloadOf(10000, 5000)).toBe(15000);
    expect(payloadOf(10000, null)).toBe(10000);
    expect(payloadShare(12000, 10000)).toBe(120);
    expect(payloadShare(1, null)).toBeNull();
  });
});

describe('transport planner: the call', () => {
  it('starts tomorrow', () => {
    expect(tomorrow(new Date(2026, 11, 31, 18))).toBe('2027-01-01');
    expect(newTrip(new Date(2026, 2, 5)).date).toBe('2026-03-06');
  });

  it('sends the pickups by request and the deliveries by place', () => {
    const stops = defaultStops([request(1, 8), request(2, 9), request(3, 9)]);
    const body = transportBody({ ...newTrip(new Date(2026, 2, 5)), transporter: 4, vehicle: 5 }, stops);
    expect(body).toMatchObject({ date: '2026-03-06', transporter: 4, vehicle: 5, trailer: null });
    expect(body.stops).toEqual([
      { kind: 'PICKUP', request: 1 },
      { kind: 'PICKUP', request: 2 },
      { kind: 'PICKUP', request: 3 },
      { kind: 'DELIVERY', warehouse: 8, request: 1 },
      { kind: 'DELIVERY', warehouse: 9, request: null },
    ]);
  });

  it('puts the server errors on the stops as they were sent, whatever the order now', () => {
    const sent = defaultStops([request(1, 9), request(2, 9)]);
    const placed = placeErrors(
      [
        { field: 'stops.1.request', message: 'REQUEST_IN_OTHER_TRANSPORT' },
        { field: 'stops.2.warehouse', message: 'NOT_AUTHORISED_AT_DESTINATION' },
        { field: 'transporter', message: 'ALBO_EXPIRED' },
        { field: 'stops', message: 'REQUIRED' },
        { field: 'notes', message: 'TOO_LONG' },
      ],
      sent,
    );
    expect(placed.stops).toEqual({ [sent[1]!.key]: { request: ['REQUEST_IN_OTHER_TRANSPORT'] }, [sent[2]!.key]: { warehouse: ['NOT_AUTHORISED_AT_DESTINATION'] } });
    expect(placed.header).toEqual({ transporter: ['ALBO_EXPIRED'], stops: ['REQUIRED'] });
    expect(placed.other).toEqual([{ field: 'notes', message: 'TOO_LONG' }]);
  });

  it('searches the accepted requests, by area pickup points and first wished day, earliest first', () => {
    expect(requestSearch({ query: ' RIC ', areaWarehouses: [3, 4], wishedFrom: '2026-03-01', wishedTo: '2026-03-31' })).toEqual({
      query: 'RIC',
      filters: [
        { field: 'status', op: 'eq', value: 'ACCEPTED' },
        { field: 'pickupPoint', op: 'in', value: [3, 4] },
        { field: 'wishedFrom', op: 'gte', value: '2026-03-01' },
        { field: 'wishedFrom', op: 'lte', value: '2026-03-31' },
      ],
      sort: [
        { field: 'wishedFrom', dir: 'asc' },
        { field: 'id', dir: 'asc' },
      ],
    });
  });
});

describe('transport planner: stops chosen on the map', () => {
  it('takes the pickups in the map order, keeping the deliveries in place', () => {
    const stops = defaultStops([request(1, 9), request(2, 9), request(3, 9)]);
    expect(shape(applyPickupOrder(stops, [request(3, 9), request(1, 9), request(2, 9)]))).toEqual(['P3@', 'P1@', 'P2@', 'D@9']);
  });

  it('drops the requests no longer chosen and adds the new ones where the map puts them', () => {
    const stops = defaultStops([request(1, 9), request(2, 8)]);
    const next = applyPickupOrder(stops, [request(4, 9), request(1, 9)]);
    expect(shape(next)).toEqual(['P4@', 'P1@', 'D@9']);
    // the keys of the stops kept stay (errors stay on them)
    expect(next.find((s) => s.request === 1)!.key).toBe(stops.find((s) => s.request === 1)!.key);
  });

  it('nothing chosen empties the pickups and their named deliveries', () => {
    expect(shape(applyPickupOrder(defaultStops([request(1, 8), request(2, 9), request(3, 9)]), []))).toEqual(['D@9']);
  });
});
