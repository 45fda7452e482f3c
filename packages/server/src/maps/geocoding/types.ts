import type { LatLng, Place, PlaceAddress, ReverseGeocodeResult } from '@circula/model';
import { AppError } from '../../http/errors.js';

/** A geocoder beyond the company's own addresses (GEOCODER): Nominatim, or the built-in municipalities. */
export interface Geocoder {
  /** The place at a point, or null when it knows none near it. */
  reverse(point: LatLng): Promise<ReverseGeocodeResult | null>;
  /** Places matching a text, best first, at most `limit`. */
  search(input: string, limit: number): Promise<Place[]>;
}

/** 502 GEOCODING_FAILED with the geocoder's status as `reason`. */
export const geocodingFailed = (status: string) => new AppError(502, 'GEOCODING_FAILED', 'GEOCODING_FAILED', { reason: status });

/** "Via Roma 12, 20121 Milano (MI)": an address on one line, from what it has. */
export function addressLine(address: PlaceAddress): string {
  const street = [address.route, address.streetNumber].filter(Boolean).join(' ');
  const town = [address.postalCode, address.locality].filter(Boolean).join(' ') + (address.province ? ` (${address.province})` : '');
  return [street, town.trim()].filter(Boolean).join(', ');
}

/** Lower case without accents: "Cantù" and "cantu" match. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a search text, folded: letters and digits only ("Brambilla – Sesto" → brambilla, sesto). */
export const words = (text: string): string[] => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
