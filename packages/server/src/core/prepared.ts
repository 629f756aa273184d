import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { z } from 'zod';
import { ErrorCodes, type AnswerOf, type AnyEndpoint, type Locale } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Below this an answer goes out as it is, as @fastify/compress does (app.ts). */
const COMPRESS_FROM = 1024;

/**
 * An answer checked against its contract once and written once, for answers many callers share
 * (a chart kept a few seconds for a farm group's dashboards): `serve()` sends its bytes as the
 * envelope in the caller's language, compressed as the caller accepts, each form made on first
 * use and kept with the answer. A 123 KB trend cost about 8 ms of the main thread per call to
 * check, write and compress; a shared one costs that once.
 */
export class PreparedAnswer<E extends AnyEndpoint = AnyEndpoint> {
  private readonly forms = new Map<string, Buffer>();
  /** For the type of the handler that returns it. */
  declare readonly endpoint?: E;

  constructor(private readonly dataJson: string) {}

  /** The envelope in `locale`, in the encoding the `accept-encoding` header prefers (br, gzip or none). */
  bytes(locale: Locale, acceptEncoding: string | undefined): { body: Buffer; encoding: Encoding } {
    const accepted = acceptEncoding ? negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS) : undefined;
    let encoding: Encoding = accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
    const plain = this.form(locale, 'identity');
    if (plain.length < COMPRESS_FROM) encoding = 'identity';
    return { body: this.form(locale, encoding), encoding };
  }

  private form(locale: Locale, encoding: Encoding): Buffer {
    const key = `${locale} ${encoding}`;
    let bytes = this.forms.get(key);
    if (!bytes) {
      if (encoding === 'identity') {
        const msg = JSON.stringify(translate(locale, 'common.success'));
        bytes = Buffer.from(`{"code":${ErrorCodes.SUCCESS},"msg":${msg},"data":${this.dataJson}}`);
      } else {
        const plain = this.form(locale, 'identity');
        bytes = encoding === 'br' ? brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(plain);
      }
      this.forms.set(key, bytes);
    }
    return bytes;
  }
}

/**
 * Checks `data` against the endpoint's answer schema and writes it once. A mismatch is a 500 and a
 * log line with the first issues (the error handler logs what is not an AppError), as in `serve`.
 */
export function prepare<E extends AnyEndpoint>(ep: E, data: AnswerOf<E>): PreparedAnswer<E> {
  const checked = (ep.answer as z.ZodType).safeParse(data);
  if (!checked.success) {
    throw new Error(`answer of ${ep.path} does not match its contract: ${JSON.stringify(checked.error.issues.slice(0, 5))}`);
  }
  return new PreparedAnswer<E>(JSON.stringify(checked.data));
}
