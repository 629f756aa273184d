import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Browser security headers (issue 16, defect 4). The Content-Security-Policy allows scripts from
 * this origin only, none inline and none from elsewhere: the session token travels in a header
 * (SPEC §7), so what keeps an injected script from reading it is that no injected script runs.
 * Styles may be inline because antd writes its component styles into <style> elements at run
 * time (CSS-in-JS) and charts set style attributes; a style cannot read the token.
 *
 * No page may be framed by another site, except the pages SPEC §2 lists as "embedded in dialogs"
 * (`…/iframe`, `…_dialog`, such as the device running-status page), which the console frames
 * from its own origin. HSTS is sent only on requests that came over TLS (directly, or behind a
 * proxy that says so in X-Forwarded-Proto when TRUST_PROXY is on), so a plain-HTTP install on a
 * farm LAN is never told to insist on HTTPS. API answers, the live stream included, are never
 * stored by the browser or a proxy (`Cache-Control: no-store`).
 */
const EMBEDDABLE = /(?:\/iframe|_dialog)\/?(?:[?#]|$)/;

/** A console page that the console itself may show in a frame. */
export function embeddable(url: string): boolean {
  return !url.startsWith('/api') && EMBEDDABLE.test(url);
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [(req: IncomingMessage) => (embeddable(req.url ?? '') ? "'self'" : "'none'")],
      },
    },
    // Decided per request below (frames) and only over TLS (HSTS).
    xFrameOptions: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The console loads nothing cross-origin; requiring CORP of embedded resources gains nothing here.
    crossOriginEmbedderPolicy: false,
  });

  // On the raw response, as helmet does, so a hijacked reply (the live stream) carries them too.
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.setHeader('x-frame-options', embeddable(req.url) ? 'SAMEORIGIN' : 'DENY');
    if (req.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS_VALUE);
    if (req.url.startsWith('/api')) reply.raw.setHeader('cache-control', 'no-store');
  });
}
