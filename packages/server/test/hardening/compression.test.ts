import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The built web app's assets go pre-compressed (issue 14): a small dist folder laid out as the
 * build writes it, each text file beside its `.br` and `.gz` copies.
 */
describe('compressed web assets (issue 14)', () => {
  let t: TestApp;
  let webDist: string;
  const script = Buffer.from(`export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`);
  const page = Buffer.from(`<!doctype html><html lang="it"><head><title>Circula</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>\n`);
  // no compressed copy: the build leaves alone a file whose compressed form is not smaller
  const tiny = Buffer.from('export{};\n');

  const write = (file: string, content: Buffer, compressed = true) => {
    writeFileSync(path.join(webDist, file), content);
    if (!compressed) return;
    writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(content));
  };

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'circula-web-compressed-'));
    mkdirSync(path.join(webDist, 'assets'));
    write('index.html', page);
    write('assets/index-abc123.js', script);
    write('assets/tiny-def456.js', tiny, false);
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  const varies = (vary: string | string[] | number | undefined) => String(vary).toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

  it('sends the brotli copy to a browser that accepts br', async () => {
    const res = await get('/assets/index-abc123.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(gunzipSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('prefers brotli when the browser accepts both, as Chromium does, and gzip when br is refused', async () => {
    expect((await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await get('/assets/index-abc123.js', 'gzip, br;q=0')).headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is without Accept-Encoding, or to a browser that accepts neither', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect([accept, res.statusCode]).toEqual([accept, 200]);
      expect([accept, res.headers['content-encoding']]).toEqual([accept, undefined]);
      expect(varies(res.headers.vary)).toBe(true);
      expect(res.rawPayload.equals(script)).toBe(true);
    }
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await get('/assets/tiny-def456.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(tiny)).toBe(true);
  });

  it('compresses index.html too, for the root and for client-side routes, and never caches it', async () => {
    for (const url of ['/', '/login', '/rdr/12/edit']) {
      const res = await get(url, 'gzip, deflate, br');
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-encoding']).toBe('br');
      expect(varies(res.headers.vary)).toBe(true);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).equals(page)).toBe(true);
    }
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(page)).toBe(true);
  });

  it('answers HEAD like GET, with the compressed length', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(script).length);
  });
});
