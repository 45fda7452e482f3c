import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../entities/index.js';
import { AREAS } from './areas.js';

/** Areas served by a page of their own in the web app instead of the generic record pages (records/area-routes.tsx, the security pages). */
const OWN_PAGES = new Set(['dashboard', 'mail-outbox', 'users', 'groups', 'authorities', 'sessions', 'notices', 'profiles', 'authorizations', 'sysregistry', 'token', 'monitor-errors', 'monitor-performance', 'monitor-security', 'monitor-usability']);

describe('route areas', () => {
  it('say what every area not built yet will hold, in Italian and English', () => {
    for (const area of AREAS) {
      const built = CATALOGUE.target(area.route) !== undefined || OWN_PAGES.has(area.route);
      expect([area.route, area.planned !== undefined]).toEqual([area.route, !built]);
      if (area.planned) {
        expect(area.planned.it).toMatch(/^Qui arriveranno .{10,}\.$/);
        expect(area.planned.en).toMatch(/^This area will hold .{10,}\.$/);
      }
    }
  });
});
