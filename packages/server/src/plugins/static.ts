import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where the built console is: packages/web/dist, next to this package. */
export function webDist(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? null;
}

/** Cache-Control of a console file: hashed build output forever, everything else revalidated. */
export function cacheControlFor(file: string): string {
  const hashed = file.split(path.sep).includes('assets');
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the console from `dist`. The build writes `.br` and `.gz` beside each asset
 * (packages/web/vite.config.ts), so files go out compressed without per-request work
 * (preCompressed: brotli when accepted, else gzip, else plain, with Vary: Accept-Encoding).
 * Files under /assets carry a content hash in their name: cached for a year as immutable.
 * index.html and the other unhashed files are revalidated on every visit (no-cache), so a new
 * release is picked up at once.
 */
export async function registerStatic(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => void reply.header('cache-control', cacheControlFor(file)),
  });
}

type NotFound = (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

/**
 * The not-found handler: the console is a single-page app, so any non-API GET or HEAD that is not
 * a file gets index.html (a monitor's HEAD /login answers like the page); the rest is `otherwise`.
 */
export function consoleFallback(dist: string | null, otherwise: NotFound): NotFound {
  return (req, reply) => {
    if (dist && (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return otherwise(req, reply);
  };
}
