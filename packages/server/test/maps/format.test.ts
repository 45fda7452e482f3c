import { describe, expect, it } from 'vitest';
import { distanceText, durationText } from '../../src/maps/format.js';
import { densify, greatCircle } from '../../src/maps/geo.js';
import { drivingTime, roadDistance } from '../../src/maps/routing/haversine.js';

/** Spec §9: route totals in km rounded, or metres under 1 km; durations in hours and minutes. */
describe('maps texts', () => {
  it('shows metres under 1 km and rounded kilometres from 1 km', () => {
    expect(distanceText(0)).toBe('0 m');
    expect(distanceText(850)).toBe('850 m');
    expect(distanceText(999.4)).toBe('999 m');
    expect(distanceText(999.6)).toBe('1 km');
    expect(distanceText(1_499)).toBe('1 km');
    expect(distanceText(12_034)).toBe('12 km');
    expect(distanceText(12_600)).toBe('13 km');
    expect(distanceText(1_234_000)).toBe('1.234 km');
  });

  it('shows minutes, or hours and minutes', () => {
    expect(durationText(0)).toBe('0 min');
    expect(durationText(25 * 60 + 10)).toBe('25 min');
    expect(durationText(59 * 60 + 40)).toBe('1 h');
    expect(durationText(65 * 60)).toBe('1 h 5 min');
    expect(durationText(26 * 3600 + 3 * 60)).toBe('26 h 3 min');
  });
});

describe('offline estimate', () => {
  const milano = { lat: 45.4642, lng: 9.19 };
  const torino = { lat: 45.0703, lng: 7.6869 };

  it('measures great circles', () => {
    // Milano–Torino centres: about 125 km as the crow flies
    expect(greatCircle(milano, torino)).toBeGreaterThan(123_000);
    expect(greatCircle(milano, torino)).toBeLessThan(127_000);
    expect(greatCircle(milano, milano)).toBe(0);
  });

  it('drives farther than the crow flies, slower in town and without motorways', () => {
    const road = roadDistance(milano, torino);
    expect(road).toBeGreaterThan(greatCircle(milano, torino));
    const fast = drivingTime(road, false);
    const slow = drivingTime(road, true);
    expect(slow).toBeGreaterThan(fast);
    // 1 km in town: minutes, not seconds; 140 km: between one and two and a half hours
    expect(drivingTime(1_000, false)).toBeGreaterThanOrEqual(90);
    expect(fast).toBeGreaterThan(3600);
    expect(fast).toBeLessThan(2.5 * 3600);
    // avoiding motorways changes nothing on a short urban leg
    expect(drivingTime(3_000, true)).toBe(drivingTime(3_000, false));
  });

  it('densifies long segments only', () => {
    expect(densify(milano, { lat: 45.4652, lng: 9.19 }, 5_000)).toEqual([[45.4642, 9.19]]);
    const points = densify(milano, torino, 5_000);
    expect(points.length).toBeGreaterThanOrEqual(25);
    expect(points[0]).toEqual([45.4642, 9.19]);
  });
});
