import type { LatLng } from '@circula/model';

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine formula). */
export function greatCircle(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The points of the straight segment a→b every `stepMetres` or so, `a` included and `b`
 * excluded (linear in latitude/longitude: at the scale of a leg the difference from the great
 * circle is far under a map pixel). A short segment gives `a` alone.
 */
export function densify(a: LatLng, b: LatLng, stepMetres: number): [number, number][] {
  const parts = Math.max(1, Math.ceil(greatCircle(a, b) / stepMetres));
  const points: [number, number][] = [];
  for (let i = 0; i < parts; i++) {
    const t = i / parts;
    points.push([round6(a.lat + (b.lat - a.lat) * t), round6(a.lng + (b.lng - a.lng) * t)]);
  }
  return points;
}

/** Six decimals: about 0.1 m, as the address fields keep them. */
export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
