import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ErrorCodes, errorKey, pickLocale, type Locale } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';

/**
 * CONTRACT §3 envelope: every JSON answer is `{ code, msg, data }`, `msg` in the request's
 * language. Handlers return their data (or `NO_DATA`); errors are thrown as AppError.
 */
export const NO_DATA = Object.freeze({ __noData: true });
const wrapped = new WeakSet<object>();

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** The envelope code this request answered with, for the audit log. */
    resultCode?: number;
  }
}

export function envelope(req: FastifyRequest, code: number, data: unknown): { code: number; msg: string; data: unknown } {
  req.resultCode = code;
  const msg = translate(req.locale, code === ErrorCodes.SUCCESS ? 'common.success' : errorKey(code));
  const body = { code, msg, data: data ?? null };
  wrapped.add(body);
  return body;
}

function statusFor(code: number): number {
  if (code === ErrorCodes.TOKEN_INVALID || code === ErrorCodes.AUTH_FAILED) return 401;
  if (code === ErrorCodes.NO_PERMISSION) return 403;
  if (code === ErrorCodes.ROUTE_NOT_FOUND) return 404;
  if (code === ErrorCodes.PAYLOAD_TOO_LARGE) return 413;
  if (code === ErrorCodes.RATE_LIMITED) return 429;
  if (code === ErrorCodes.SERVICE_ERROR) return 500;
  return 200;
}

export function sendError(req: FastifyRequest, reply: FastifyReply, code: number, data: unknown = null, status?: number): FastifyReply {
  return reply.status(status ?? statusFor(code)).send(envelope(req, code, data));
}

export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-cn');
  app.decorateRequest('resultCode', undefined);
  app.addHook('onRequest', async (req) => {
    req.locale = pickLocale(req.headers['accept-language']);
  });

  app.addHook('preSerialization', async (req, reply, payload: unknown) => {
    if (!req.url.startsWith('/api') || req.url.startsWith('/api/docs')) return payload;
    if (payload && typeof payload === 'object' && wrapped.has(payload)) return payload;
    return envelope(req, ErrorCodes.SUCCESS, payload === NO_DATA ? null : payload);
  });

  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) return sendError(req, reply, err.code, err.data, err.httpStatus === 200 ? undefined : err.httpStatus);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.flatMap((v) => {
        const at = String(v.instancePath || '')
          .replace(/^\//, '')
          .replace(/\//g, '.');
        // An unknown field is named itself (strict request objects refuse it, never drop it).
        const keys = (v.params as { keys?: unknown }).keys;
        if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          return keys.map((k) => ({ field: at ? `${at}.${String(k)}` : String(k), key: 'validation.unknownField' }));
        }
        return [
          {
            field: at || null,
            key: typeof v.message === 'string' && v.message.startsWith('validation.') ? v.message : 'validation.invalid',
          },
        ];
      });
      return sendError(req, reply, ErrorCodes.PARAM_ERROR, { issues }, 400);
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(req, reply, ErrorCodes.PAYLOAD_TOO_LARGE, null, 413);
    if (fe.statusCode === 429) return sendError(req, reply, ErrorCodes.RATE_LIMITED, null, 429);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(req, reply, ErrorCodes.PARAM_ERROR, null, 400);
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, ErrorCodes.SERVICE_ERROR, null, 500);
  });
}
