import { lookupTable, type LatLng, type Place, type PlaceAddress, type ReverseGeocodeResult } from '@circula/model';
import { greatCircle } from '../geo.js';
import { isTimeout } from '../routing/osrm.js';
import { geocodingFailed, type Geocoder } from './types.js';

interface NominatimPlace {
  lat?: string;
  lon?: string;
  name?: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
  error?: string;
}

/** ISO 3166-1 alpha-2 → the COUNTRIES table's code (alpha-3), as the address group keeps countries. */
const ALPHA3 = new Map((lookupTable('COUNTRIES')?.values ?? []).filter((v) => v.alpha1).map((v) => [String(v.alpha1).toUpperCase(), v.code]));

/**
 * A Nominatim server (GEOCODER=nominatim, NOMINATIM_URL): `/reverse?format=jsonv2&lat=&lon=` and
 * `/search?format=jsonv2&addressdetails=1&q=`, mapped to the shapes of API.md "Maps". Nominatim's
 * "Unable to geocode" is no place (null); no answer within the timeout or an HTTP error is
 * 502 GEOCODING_FAILED. Its usage policy asks for an identifying User-Agent.
 */
export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly userAgent = 'Circula back-office',
  ) {}

  async reverse(point: LatLng): Promise<ReverseGeocodeResult | null> {
    const found = await this.call<NominatimPlace>('/reverse', { format: 'jsonv2', addressdetails: '1', lat: String(point.lat), lon: String(point.lng) });
    if (!found || Array.isArray(found) || found.error) return null;
    const place = toPlace(found);
    if (!place) return null;
    return { title: place.label, address: place.address, lat: place.lat, lng: place.lng, kind: 'geocoder', recordId: null, distance: Math.round(greatCircle(point, place)) };
  }

  async search(input: string, limit: number): Promise<Place[]> {
    const found = await this.call<NominatimPlace[]>('/search', { format: 'jsonv2', addressdetails: '1', q: input, limit: String(limit) });
    if (!Array.isArray(found)) throw geocodingFailed('INVALID_RESPONSE');
    return found.map(toPlace).filter((p): p is Place => p !== null).slice(0, limit);
  }

  private async call<T>(path: string, query: Record<string, string>): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}?${new URLSearchParams(query)}`, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json', 'accept-language': 'it,en', 'user-agent': this.userAgent },
      });
    } catch (error) {
      throw geocodingFailed(isTimeout(error) ? 'TIMEOUT' : 'UNREACHABLE');
    }
    if (!response.ok) throw geocodingFailed(`HTTP_${response.status}`);
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw geocodingFailed(isTimeout(error) ? 'TIMEOUT' : 'INVALID_RESPONSE');
    }
  }
}

function toPlace(found: NominatimPlace): Place | null {
  const lat = Number(found.lat);
  const lng = Number(found.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const a = found.address ?? {};
  // Italian provinces come as ISO 3166-2 "IT-MI"; elsewhere the county's name
  const iso = a['ISO3166-2-lvl6'];
  const address: PlaceAddress = {
    route: a.road ?? a.pedestrian ?? a.square ?? a.industrial ?? null,
    streetNumber: a.house_number ?? null,
    locality: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality ?? null,
    province: iso?.startsWith('IT-') ? iso.slice(3) : (a.county ?? null),
    country: a.country_code ? (ALPHA3.get(a.country_code.toUpperCase()) ?? a.country_code.toUpperCase()) : null,
    postalCode: a.postcode ?? null,
  };
  return { label: found.display_name ?? found.name ?? `${lat}, ${lng}`, address, lat, lng, kind: 'geocoder', recordId: null };
}
