import type { DirectionsRequest, DirectionsResult, Place, ReverseGeocodeResult } from '@circula/model';
import { PLACES_MIN_INPUT } from '@circula/model';
import { http } from '../../api/client';
import { ApiError } from '../../api/errors';

/**
 * The map dialog's calls (API.md "Maps"). All silent: the dialog says what went wrong itself
 * (spec §8: a failed route is a notification and back to STAGE, a failed geocode is logged and the
 * marker keeps 'lat_lng' as title, search errors are only logged).
 */

export const fetchDirections = (body: DirectionsRequest, signal?: AbortSignal) =>
  http.data<DirectionsResult>('/api/maps/directions', { json: body, silent: true, signal });

export const fetchReverseGeocode = (lat: number, lng: number, signal?: AbortSignal) =>
  http.data<ReverseGeocodeResult>('/api/maps/geocode/reverse', { query: { lat, lng }, silent: true, signal });

export async function fetchPlaces(input: string, signal?: AbortSignal): Promise<Place[]> {
  if (input.trim().length < PLACES_MIN_INPUT) return [];
  return (await http.data<{ items: Place[] }>('/api/maps/places', { query: { input: input.trim() }, silent: true, signal })).items;
}

/**
 * The provider's status of a failed directions request (API.md: 502 DIRECTIONS_FAILED with the
 * provider's status in `reason`), else what is known of the failure.
 */
export function directionsStatus(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.reason) return error.reason;
    if (error.code && error.code !== 'DIRECTIONS_FAILED') return error.code;
    return error.status === 0 ? 'NETWORK_ERROR' : `HTTP_${error.status}`;
  }
  return error instanceof Error ? error.message : 'UNKNOWN_ERROR';
}
