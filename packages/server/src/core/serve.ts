import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  ErrorCodes,
  FILE_ANSWER,
  PAGE_ANSWER,
  STREAM_ANSWER,
  type AnswerOf,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
} from '@farmsense/shared';
import { NO_DATA } from '../plugins/envelope.js';
import { PreparedAnswer } from './prepared.js';

/**
 * Registers handlers against the typed endpoint contracts of packages/shared (`endpoint()`).
 * Every route has the same shape: the guard authenticates and checks the application code
 * (`config.app`), the contract's schemas validate params, query and body, the handler authorizes
 * through the access scope and does its work, and the answer is checked against the contract's
 * answer schema before it is sent (a handler that answers something else is a 500 and a log
 * line, never a silent change of the API). OpenAPI shows the answer schema of every route.
 */

/**
 * Route options besides the contract: what the guard and the audit log read (plugins/auth.ts), and
 * a throttle for the few routes that name one (@fastify/rate-limit, registered by the auth module).
 */
export type RouteConfig = Pick<
  FastifyContextConfig,
  'app' | 'public' | 'allowPending' | 'module' | 'readOnly' | 'keepsAccess' | 'rateLimit'
>;

/** Fastify options a few routes need besides their config: a smaller body limit, a hook on the answer (sign-in audit). */
export type RouteExtras = Pick<RouteOptions, 'bodyLimit' | 'preSerialization'>;

/**
 * What a route may set: its config, Fastify extras under `extras`, and the media types of a body
 * the handler reads itself (a multipart upload), for the API reference.
 */
export type RouteSettings = RouteConfig & { extras?: RouteExtras; consumes?: string[] };

export interface HandlerContext<E extends AnyEndpoint> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
}

/** A file answer: the bytes, the name the browser saves it under, and its media type. */
export interface FileAnswer {
  file: Buffer | Uint8Array;
  filename: string;
  mime: string;
}

/**
 * A page answer: HTML written by the handler (every value escaped), and its HTTP status (a
 * refusal is a page too, with its code on it, not the JSON envelope).
 */
export interface PageAnswer {
  html: string;
  status?: number;
}

/**
 * What a handler returns: the answer's data, a file, a page, or nothing for a stream it wrote itself or
 * for an endpoint that answers no data (`noAnswer`: the envelope's data is null).
 */
export type HandlerResult<E extends AnyEndpoint> = E['answer'] extends typeof FILE_ANSWER
  ? FileAnswer
  : E['answer'] extends typeof PAGE_ANSWER
    ? PageAnswer
    : E['answer'] extends typeof STREAM_ANSWER
      ? void
      : [AnswerOf<E>] extends [null]
        ? void | null
        : AnswerOf<E> | PreparedAnswer<E>;

export type Handler<E extends AnyEndpoint> = (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>;

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266), so Thai or Chinese names survive. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function documented(answer: z.ZodType): z.ZodType {
  return z.object({ code: z.literal(ErrorCodes.SUCCESS), msg: z.string(), data: answer });
}

/** What the API reference shows for a file download and for the live event stream. */
const FILE_DOC = z.string().meta({ format: 'binary', description: 'The file (attachment; an error is the JSON envelope)' });
const STREAM_DOC = z.string().meta({ description: 'text/event-stream: the events of the live stream' });
const PAGE_DOC = z.string().meta({ description: 'text/html: a page (a refusal of its token is a page too, with its code)' });

/** Answers are validated here, once; the serializer then only writes JSON. */
const plainJson = (): ((payload: unknown) => string) => (payload) => JSON.stringify(payload);

export function serve<E extends AnyEndpoint>(
  app: FastifyInstance,
  ep: E,
  opts: RouteSettings & { tags: string[] },
  handler: Handler<E>,
): void {
  const { tags, extras, consumes, ...config } = opts;
  const answer = ep.answer;
  const json = answer !== FILE_ANSWER && answer !== STREAM_ANSWER && answer !== PAGE_ANSWER ? (answer as z.ZodType) : null;
  const special = answer === FILE_ANSWER ? FILE_DOC : answer === PAGE_ANSWER ? PAGE_DOC : STREAM_DOC;
  app.route({
    method: ep.method,
    url: `/api${ep.path}`,
    ...extras,
    config,
    schema: {
      tags,
      summary: ep.summary,
      ...(consumes ? { consumes } : {}),
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      response: { 200: json ? documented(json) : special },
    },
    // Answers are checked below (JSON) or are bytes (files, streams); a refusal is the envelope.
    serializerCompiler: plainJson,
    handler: async (req, reply) => {
      const ctx = { req, reply, params: req.params, query: req.query, body: req.body } as HandlerContext<E>;
      const result: unknown = await handler(ctx);
      if (answer === STREAM_ANSWER) return reply;
      if (answer === FILE_ANSWER) {
        const f = result as FileAnswer;
        return reply.header('content-type', f.mime).header('content-disposition', attachment(f.filename)).send(f.file);
      }
      if (answer === PAGE_ANSWER) {
        // A page opened from a message: its address holds a credential, so it names no referrer and is not indexed.
        const p = result as PageAnswer;
        // The route's typed reply knows only 200; a refusal page carries its own status.
        reply.raw.statusCode = p.status ?? 200;
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('referrer-policy', 'no-referrer')
          .header('x-robots-tag', 'noindex, nofollow')
          .send(p.html);
      }
      if (result instanceof PreparedAnswer) {
        // Checked when prepared; its bytes are the envelope, compressed as the caller accepts.
        req.resultCode = ErrorCodes.SUCCESS;
        const { body, encoding } = result.bytes(req.locale, req.headers['accept-encoding']);
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding').send(body);
      }
      // A command endpoint's handler ends with its write and returns nothing: its data is null.
      const checked = json!.safeParse(result === undefined && json instanceof z.ZodNull ? null : result);
      if (!checked.success) {
        req.log.error({ url: ep.path, issues: checked.error.issues.slice(0, 5) }, 'answer does not match its contract');
        throw new AppError(ErrorCodes.SERVICE_ERROR, { httpStatus: 500 });
      }
      return checked.data === null ? NO_DATA : checked.data;
    },
  });
}

/** One module's `serve` with its tags and default route options; a route may override them. */
export function router(
  app: FastifyInstance,
  defaults: RouteSettings & { tags: string[] },
): <E extends AnyEndpoint>(ep: E, a: RouteSettings | Handler<E>, b?: Handler<E>) => void {
  return (ep, a, b) => {
    const [overrides, handler] = typeof a === 'function' ? [{}, a] : [a, b!];
    serve(app, ep, { ...defaults, ...overrides }, handler);
  };
}
