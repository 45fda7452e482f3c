import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app; every non-API GET that is not a file gets index.html (client-side
 * routes). Hashed assets are cached for a year, index.html never.
 *
 * The build writes every text asset also brotli- and gzip-compressed beside it (`x.js.br`,
 * `x.js.gz`, issue 14): a request that accepts br gets the .br file, else one that accepts gzip
 * the .gz file, else the file as it is, with `Content-Encoding` and `Vary: Accept-Encoding`.
 */
export async function serveWeb(app: FastifyInstance, webDist: string | null): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  if (!webDist || !index || !existsSync(index)) {
    app.log.warn(`Web app not found in ${webDist ?? '(none)'}: only the API is served. Build it with "npm run build".`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // the compressed copies are sent in place of their file, never asked for by their own name
    globIgnore: ['**/*.br', '**/*.gz'],
    // our setHeaders decides caching; the plugin's default max-age=0 would overwrite it
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      // which copy was sent depended on Accept-Encoding: a shared cache must keep them apart
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.get('/*', { config: { public: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' });
    }
    const file = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
    if (file && existsSync(path.join(webDist, file)) && !file.includes('..')) {
      return reply.sendFile(file);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
