import type { MapsConfig } from '../../config.js';
import { HaversineProvider } from './haversine.js';
import { OsrmProvider } from './osrm.js';
import type { RoutingProvider } from './types.js';

export type { Route, RouteOptions, RoutingProvider } from './types.js';

/** The routing provider ROUTING_PROVIDER names. */
export function createRoutingProvider(config: MapsConfig): RoutingProvider {
  if (config.routingProvider === 'osrm' && config.osrmUrl) return new OsrmProvider(config.osrmUrl, config.providerTimeoutMs, config.osrmTableMax);
  return new HaversineProvider();
}
