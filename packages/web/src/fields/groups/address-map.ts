import type { PlaceAddress } from '@circula/model';
import type { GroupValue } from './group-parts';

/**
 * What the map dialog gives back to an address (issue 17): the coordinates as the group stores
 * them (text, 6 decimals, a dot) and the address parts of the geocoder's answer that can fill the
 * group's empty fields (never one already filled).
 */

/** ISO 3166 alpha-2 (the geocoder's) → alpha-3 (the group's country) for the countries around Italy. */
const ALPHA3: Record<string, string> = { IT: 'ITA', SM: 'SMR', VA: 'VAT', CH: 'CHE', FR: 'FRA', AT: 'AUT', SI: 'SVN', DE: 'DEU', ES: 'ESP', HR: 'HRV', MT: 'MLT' };

const ITALY = 'ITA';
const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The group with the point's coordinates. */
export const withCoordinates = (value: GroupValue, lat: number, lng: number): GroupValue => ({ ...value, latitude: lat.toFixed(6), longitude: lng.toFixed(6) });

/**
 * The group's empty fields the address can fill, with their values: street, house number, city,
 * zip, country (alpha-3), and the province when it is a province of Italy's (two letters, the
 * select's code) or free text abroad.
 */
export function addressFill(value: GroupValue, address: PlaceAddress | null | undefined): GroupValue {
  if (!address) return {};
  const out: GroupValue = {};
  const put = (key: string, v: string | null | undefined, max: number) => {
    const text = v?.trim();
    if (text && text.length <= max && empty(value[key])) out[key] = text;
  };
  put('street', address.route, 200);
  put('houseNumber', address.streetNumber, 20);
  put('city', address.locality, 120);
  put('zip', address.postalCode, 12);
  const country = address.country ? (ALPHA3[address.country.toUpperCase()] ?? (/^[A-Z]{3}$/.test(address.country) ? address.country : null)) : null;
  if (country) put('country', country, 3);
  const finalCountry = (empty(value.country) ? country : value.country) ?? null;
  const province = address.province?.trim() ?? '';
  if (province && (finalCountry !== ITALY || /^[A-Z]{2}$/.test(province))) put('province', province, 60);
  return out;
}
