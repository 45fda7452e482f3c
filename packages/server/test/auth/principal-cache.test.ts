import { describe, expect, it } from 'vitest';
import { PrincipalCache } from '../../src/auth/principal-cache.js';
import type { Principal } from '../../src/auth/users.js';

const principal = (sessionId: string): Principal => ({ userId: 1, username: 'admin', sessionId, lang: 'it', authorities: ['ROLE_ADMIN'] });

describe('PrincipalCache', () => {
  it('answers a stored principal until its time is up, never past the token expiry', () => {
    const cache = new PrincipalCache(5_000);
    cache.set('token-a', principal('a'), cache.generation, 10_000, 1_000);
    cache.set('token-b', principal('b'), cache.generation, 2_000, 1_000);
    expect(cache.get('token-a', 5_999)?.sessionId).toBe('a');
    expect(cache.get('token-a', 6_000)).toBeUndefined();
    expect(cache.get('token-b', 1_999)?.sessionId).toBe('b');
    expect(cache.get('token-b', 2_000)).toBeUndefined();
  });

  it('forgets everything on invalidate, and refuses an answer read before it', () => {
    const cache = new PrincipalCache(5_000);
    cache.set('token-a', principal('a'), cache.generation, Infinity);
    const startedBefore = cache.generation;
    cache.invalidate();
    expect(cache.get('token-a')).toBeUndefined();
    // a lookup that began before the revocation committed may hold the old answer: not kept
    cache.set('token-a', principal('a'), startedBefore, Infinity);
    expect(cache.get('token-a')).toBeUndefined();
    cache.set('token-a', principal('a'), cache.generation, Infinity);
    expect(cache.get('token-a')?.sessionId).toBe('a');
  });

  it('stores nothing when disabled and stays within its size', () => {
    const off = new PrincipalCache(0);
    off.set('token-a', principal('a'), off.generation, Infinity);
    expect(off.size).toBe(0);
    const small = new PrincipalCache(5_000, 2);
    for (const id of ['a', 'b', 'c']) small.set(`token-${id}`, principal(id), small.generation, Infinity);
    expect(small.size).toBe(2);
    expect(small.get('token-a')).toBeUndefined();
    expect(small.get('token-c')?.sessionId).toBe('c');
  });
});
