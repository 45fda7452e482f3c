import type { LatLng, Place, ReverseGeocodeResult } from '@circula/model';
import { TOWNS, type Town } from '../../seed/demo-master-data.js';
import { greatCircle } from '../geo.js';
import { fold, words, type Geocoder } from './types.js';

/**
 * Farthest a point may be from a municipality's centre for reverse geocoding to name that
 * municipality: a little more than the radius of the largest ones of the gazetteer (Milano).
 */
export const MUNICIPALITY_RADIUS_M = 15_000;

/**
 * The built-in gazetteer (GEOCODER=none): the municipalities whose centre coordinates the
 * project holds — the towns of the demo data (seed/demo-master-data.ts: ISTAT 2020 code,
 * province, postcodes, centre). The ISTAT list of every municipality
 * (/work/shared/data/comuni-istat-2020.json) has no coordinates, and no openly licensed list
 * with coordinates was found, so a municipality outside the gazetteer is not known offline.
 */
export class MunicipalityGazetteer implements Geocoder {
  private readonly towns: readonly Town[];
  private readonly keys: string[];

  constructor(towns: readonly Town[] = Object.values(TOWNS)) {
    this.towns = towns;
    this.keys = towns.map((t) => fold(`${t.name} ${t.province} ${t.zip.join(' ')}`));
  }

  async reverse(point: LatLng): Promise<ReverseGeocodeResult | null> {
    let best: { town: Town; distance: number } | null = null;
    for (const town of this.towns) {
      const distance = greatCircle(point, town);
      if (distance <= MUNICIPALITY_RADIUS_M && (!best || distance < best.distance)) best = { town, distance };
    }
    if (!best) return null;
    const place = toPlace(best.town);
    return { title: place.label, address: place.address, lat: place.lat, lng: place.lng, kind: 'municipality', recordId: null, distance: Math.round(best.distance) };
  }

  async search(input: string, limit: number): Promise<Place[]> {
    const tokens = words(input);
    if (tokens.length === 0) return [];
    const name = fold(input.trim());
    return this.towns
      .map((town, i) => ({ town, key: this.keys[i]! }))
      .filter(({ key }) => tokens.every((token) => key.includes(token)))
      // a name that starts with the text first, then alphabetical
      .sort((a, b) => Number(!fold(a.town.name).startsWith(name)) - Number(!fold(b.town.name).startsWith(name)) || a.town.name.localeCompare(b.town.name, 'it'))
      .slice(0, limit)
      .map(({ town }) => toPlace(town));
  }
}

function toPlace(town: Town): Place {
  return {
    label: `${town.name} (${town.province})`,
    address: { route: null, streetNumber: null, locality: town.name, province: town.province, country: 'ITA', postalCode: town.zip.length === 1 ? town.zip[0]! : null },
    lat: town.lat,
    lng: town.lng,
    kind: 'municipality',
    recordId: null,
  };
}
