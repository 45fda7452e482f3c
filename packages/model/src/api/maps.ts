import { z } from 'zod';

/**
 * The maps calls of API.md "Maps" and "Operations" (spec §2 map dialog, §7 external maps service),
 * as server and web both read them: directions (`POST /api/maps/directions`), reverse geocoding
 * (`GET /api/maps/geocode/reverse`), place search (`GET /api/maps/places`) and the route optimiser
 * (`POST /api/maps/optimize`). Distances are metres, durations seconds; `text` is the Italian
 * rendering of spec §9 ("12 km", "850 m", "1 h 5 min", "25 min").
 */

/** Most intermediate waypoints of one directions request. */
export const MAX_DIRECTIONS_WAYPOINTS = 100;
/** Most stops of one optimisation (API.md "Operations"). */
export const MAX_OPTIMIZE_STOPS = 1000;
/** Most vehicles of one optimisation. */
export const MAX_OPTIMIZE_VEHICLES = 50;
/** Shortest and longest text a place search takes. */
export const PLACES_MIN_INPUT = 2;
export const PLACES_MAX_INPUT = 200;

export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type LatLng = z.infer<typeof latLngSchema>;

/** A figure and its text: `{ text: "12 km", value: 12034 }` (metres or seconds). */
export const textValueSchema = z.object({ text: z.string(), value: z.number() });
export type TextValue = z.infer<typeof textValueSchema>;

/** Which engine answered: the built-in offline estimate or an OSRM server (ROUTING_PROVIDER). */
export const routingProviderSchema = z.enum(['haversine', 'osrm']);
export type RoutingProviderName = z.infer<typeof routingProviderSchema>;

const isoInstant = z.iso.datetime({ offset: true });

// ---- directions -------------------------------------------------------------------------------

export const directionsRequestSchema = z.object({
  origin: latLngSchema,
  destination: latLngSchema,
  waypoints: z.array(latLngSchema).max(MAX_DIRECTIONS_WAYPOINTS).default([]),
  avoidHighways: z.boolean().default(false),
  /** ISO instant of departure (the path configuration's departure date and time); informative for the offline provider. */
  departureTime: isoInstant.nullish(),
  /** Reorder the waypoints (never origin and destination) for the shortest drive. */
  optimizeWaypoints: z.boolean().default(false),
});
export type DirectionsRequest = z.input<typeof directionsRequestSchema>;

export const directionsLegSchema = z.object({ distance: textValueSchema, duration: textValueSchema });
export type DirectionsLeg = z.infer<typeof directionsLegSchema>;

export const directionsResultSchema = z.object({
  /** One leg per consecutive pair of origin, waypoints (in `waypointOrder`) and destination. */
  legs: z.array(directionsLegSchema),
  /**
   * Indexes into the request's `waypoints` in driving order (as Google's Directions API answers):
   * `[0, 1, …]` unless `optimizeWaypoints` reordered them.
   */
  waypointOrder: z.array(z.number().int()),
  /** The whole drive as [lat, lng] points, origin first. */
  geometry: z.array(z.tuple([z.number(), z.number()])),
  provider: routingProviderSchema,
});
export type DirectionsResult = z.infer<typeof directionsResultSchema>;

// ---- geocoding --------------------------------------------------------------------------------

/** Address components, as the spec's place-autocomplete service names them (§7); null when unknown. */
export const placeAddressSchema = z.object({
  route: z.string().nullable(),
  streetNumber: z.string().nullable(),
  locality: z.string().nullable(),
  /** Province abbreviation (sigla, "MI"), Google's administrative_area_level_2. */
  province: z.string().nullable(),
  /** The COUNTRIES table's code (ISO 3166-1 alpha-3, "ITA"), as the address group keeps it. */
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type PlaceAddress = z.infer<typeof placeAddressSchema>;

/**
 * Where a place came from: a subject's or a warehouse's address (`recordId` is its id), a
 * municipality of the built-in gazetteer, or the configured geocoder (Nominatim).
 */
export const placeKindSchema = z.enum(['subject', 'warehouse', 'municipality', 'geocoder']);
export type PlaceKind = z.infer<typeof placeKindSchema>;

/** A coordinate in a query string: decimal degrees only (`z.coerce.number()` would read "" as 0 and "1e1" as 10). */
const queryDegrees = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,15})?$/)
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));

export const reverseGeocodeQuerySchema = z.object({ lat: queryDegrees(90), lng: queryDegrees(180) });

/** `{ title, address }` of API.md; `lat`/`lng` of the place found, `kind` and `recordId` tell what it is. */
export const reverseGeocodeResultSchema = z.object({
  title: z.string(),
  address: placeAddressSchema,
  lat: z.number(),
  lng: z.number(),
  kind: placeKindSchema,
  recordId: z.number().int().nullable(),
  /** Metres from the asked point to the place found. */
  distance: z.number(),
});
export type ReverseGeocodeResult = z.infer<typeof reverseGeocodeResultSchema>;

export const placesQuerySchema = z.object({
  input: z.string().trim().min(PLACES_MIN_INPUT).max(PLACES_MAX_INPUT),
});

export const placeSchema = z.object({
  label: z.string(),
  address: placeAddressSchema,
  lat: z.number(),
  lng: z.number(),
  kind: placeKindSchema,
  recordId: z.number().int().nullable(),
});
export type Place = z.infer<typeof placeSchema>;

// ---- optimiser --------------------------------------------------------------------------------

/** A stop's id as the client gave it (a record id or any string); answered back unchanged. */
export const stopIdSchema = z.union([z.string().min(1).max(64), z.number().int()]);
export type StopId = z.infer<typeof stopIdSchema>;

/** `from` ≤ `to` is checked by the server (400 CONSTRAINT_VIOLATION, message MAPS_WINDOW_ORDER on `….to`). */
const instantRange = z.object({ from: isoInstant, to: isoInstant });

export const optimizeStopSchema = z.object({
  id: stopIdSchema,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  serviceMinutes: z.number().min(0).max(24 * 60).optional(),
  /** When service may start (ISO instants). */
  window: instantRange.optional(),
  demandKg: z.number().min(0).optional(),
  /** Keep the stop at its position in the input order (on the first vehicle). */
  locked: z.boolean().optional(),
});
export type OptimizeStop = z.infer<typeof optimizeStopSchema>;

export const optimizeVehicleSchema = z.object({
  id: z.union([z.string().min(1).max(64), z.number().int()]),
  /** Null or left out: no capacity limit. */
  capacityKg: z.number().min(0).nullish(),
  /** When it may leave the depot and must be back (ISO instants); left out: no limit. */
  shift: instantRange.optional(),
});
export type OptimizeVehicle = z.infer<typeof optimizeVehicleSchema>;

export const optimizeRequestSchema = z.object({
  depot: latLngSchema,
  /** Where routes end; left out: back at the depot. */
  end: latLngSchema.optional(),
  stops: z.array(optimizeStopSchema).min(1).max(MAX_OPTIMIZE_STOPS),
  /** Left out or empty: one vehicle without capacity limit. */
  vehicles: z.array(optimizeVehicleSchema).max(MAX_OPTIMIZE_VEHICLES).optional(),
  /** ISO instant the plan starts at (windows and shifts are measured from it); left out: now. */
  departureTime: isoInstant.optional(),
});
export type OptimizeRequest = z.input<typeof optimizeRequestSchema>;

/** Why the optimiser could not route a stop. */
export const unassignedReasonSchema = z.enum(['CAPACITY', 'TIME_WINDOW', 'SHIFT', 'NO_VEHICLE']);
export type UnassignedReasonCode = z.infer<typeof unassignedReasonSchema>;

export const optimizeRouteSchema = z.object({
  vehicleId: z.union([z.string(), z.number()]),
  stopIds: z.array(stopIdSchema),
  distance: textValueSchema,
  /** Travel, service and waiting, from leaving the depot to the end. */
  duration: textValueSchema,
  /** ISO instant service starts at each stop, same order as `stopIds`. */
  arrivals: z.array(z.string()),
});
export type OptimizeRoute = z.infer<typeof optimizeRouteSchema>;

export const optimizeResultSchema = z.object({
  routes: z.array(optimizeRouteSchema),
  /** The stops no route serves (API.md); the reason of each is in `unassignedReasons`. */
  unassigned: z.array(stopIdSchema),
  /** Stop id (as a string key) → why it is unassigned. */
  unassignedReasons: z.record(z.string(), unassignedReasonSchema),
  provider: routingProviderSchema,
  solver: z.object({ ms: z.number(), iterations: z.number().int() }),
});
export type OptimizeResult = z.infer<typeof optimizeResultSchema>;

/**
 * The error codes of the maps calls, each translated in the web's `maps` part under ERRORS:
 * - 502 `DIRECTIONS_FAILED`: the routing provider failed; `reason` carries its status ("NoRoute",
 *   "HTTP_500", "TIMEOUT", "UNREACHABLE", …) — the web shows "Directions request failed due to {status}".
 * - 502 `GEOCODING_FAILED`: the geocoder failed; `reason` carries its status.
 * - 400 `CONSTRAINT_VIOLATION` with field messages `MAPS_WINDOW_ORDER` (a window or shift ends
 *   before it starts) and `MAPS_DUPLICATE_ID` (two stops or two vehicles share an id).
 * - 404 `NOT_FOUND` on reverse geocoding when no known place is near the point.
 */
export type MapsErrorCode = 'DIRECTIONS_FAILED' | 'GEOCODING_FAILED';
