import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const load = (env: Record<string, string>) => loadConfig(env, { dataDir: null, jwtSecret: new Uint8Array(32) }).maps;

/** ROUTING_PROVIDER / GEOCODER and their URLs (ARCHITECTURE.md "Configuration"): offline by default, a bad setting stops the start. */
describe('maps configuration', () => {
  it('is offline by default', () => {
    expect(load({})).toMatchObject({ routingProvider: 'haversine', osrmUrl: null, geocoder: 'none', nominatimUrl: null, optimizeBudgetMs: 2_000 });
  });

  it('takes OSRM and Nominatim with their URLs, without a trailing slash', () => {
    expect(load({ ROUTING_PROVIDER: 'osrm', OSRM_URL: 'http://osrm:5000/', GEOCODER: 'nominatim', NOMINATIM_URL: 'https://nominatim.example/' })).toMatchObject({
      routingProvider: 'osrm',
      osrmUrl: 'http://osrm:5000',
      geocoder: 'nominatim',
      nominatimUrl: 'https://nominatim.example',
    });
  });

  it('refuses a provider it does not know, or one without its URL', () => {
    expect(() => load({ ROUTING_PROVIDER: 'google' })).toThrow(/ROUTING_PROVIDER/);
    expect(() => load({ ROUTING_PROVIDER: 'osrm' })).toThrow(/OSRM_URL/);
    expect(() => load({ GEOCODER: 'nominatim' })).toThrow(/NOMINATIM_URL/);
    expect(() => load({ OPTIMIZE_TIME_BUDGET_MS: '-1' })).toThrow();
  });
});
