import {
  dataOf,
  directionsRequestSchema,
  directionsResultSchema,
  itemsOf,
  optimizeRequestSchema,
  optimizeResultSchema,
  placeSchema,
  placesQuerySchema,
  reverseGeocodeQuerySchema,
  reverseGeocodeResultSchema,
} from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../auth/request-auth.js';
import { registerPerUserRateLimit } from '../http/per-user-rate-limit.js';
import type { AppContext } from '../domain/module.js';
import { MapsService } from './service.js';

export interface MapsRoutesOptions {
  ctx: AppContext;
  /** The service to answer with; one over the configuration unless a test brings one. */
  service?: MapsService;
}


/**
 * The maps calls (API.md "Maps" and `POST /api/maps/optimize`), each for a signed-in user.
 * Directions and optimisation cost the routing provider (and the optimiser seconds of CPU): they
 * are limited per user and minute (MAPS_DIRECTIONS_PER_MINUTE, MAPS_OPTIMIZE_PER_MINUTE) → 429.
 */
export async function mapsRoutes(app: FastifyInstance, { ctx, service = new MapsService(ctx.db, ctx.catalogue, ctx.config.maps) }: MapsRoutesOptions): Promise<void> {
  const limits = ctx.config.maps;
  app.addHook('onClose', () => service.close());
  await registerPerUserRateLimit(app, ctx.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['maps'];

  r.post(
    '/api/maps/directions',
    {
      schema: { tags, body: directionsRequestSchema, response: { 200: dataOf(directionsResultSchema) } },
      config: { rateLimit: { max: limits.directionsPerMinute, timeWindow: 60_000, groupId: 'maps-directions' } },
    },
    async (request) => {
      requirePrincipal(request);
      return { data: await service.directions(request.body) };
    },
  );

  r.get('/api/maps/geocode/reverse', { schema: { tags, querystring: reverseGeocodeQuerySchema, response: { 200: dataOf(reverseGeocodeResultSchema) } } }, async (request) => {
    const principal = requirePrincipal(request);
    return { data: await service.reverse(principal, request.query) };
  });

  r.get('/api/maps/places', { schema: { tags, querystring: placesQuerySchema, response: { 200: dataOf(itemsOf(placeSchema)) } } }, async (request) => {
    const principal = requirePrincipal(request);
    return { data: { items: await service.places(principal, request.query.input) } };
  });

  r.post(
    '/api/maps/optimize',
    {
      schema: { tags, body: optimizeRequestSchema, response: { 200: dataOf(optimizeResultSchema) } },
      config: { rateLimit: { max: limits.optimizePerMinute, timeWindow: 60_000, groupId: 'maps-optimize' } },
    },
    async (request) => {
      requirePrincipal(request);
      return { data: await service.optimize(request.body) };
    },
  );
}
