import { ErrorCodes, fillPath, type AnyEndpoint, type FILE_ANSWER, type HttpMethod, type InputOf } from '@farmsense/shared';
import { API_BASE } from '../app/api/client';
import { toast } from '../app/api/toast';
import { errorMessage, hasKey, tk } from '../app/i18n/i18n';
import { appState } from '../app/stores/appStore';

/**
 * File downloads (Excel exports and templates) and the pieces uploads share. A plain link cannot
 * carry the `token` header, so a file is fetched, kept as a blob and handed to the browser under
 * the name the server gave it; a JSON envelope instead of a file is a refusal told as a toast.
 */

/** Where a fetched file goes; tests pass a spy instead of the browser download. */
export type SaveFile = (blob: Blob, name: string) => void;

/** The headers the JSON client would send: the session token and the interface language. */
export function fileHeaders(json: boolean): Record<string, string> {
  const { token, locale } = appState();
  const h: Record<string, string> = { 'Accept-Language': locale };
  if (token) h.token = token;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

/**
 * The file name of a Content-Disposition header, the UTF-8 `filename*` form first so Chinese or
 * Thai shed names survive, then the plain form, else `fallback`.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/**
 * What went wrong, from a JSON envelope: a validation refusal (99996) names its issue keys, and
 * the first one this console can translate says more than the code's generic message.
 */
export function failureText(body: unknown): string {
  const env = body as { code?: number; data?: { issues?: { key?: string }[] } } | null;
  const key = env?.data?.issues?.find((i) => i.key && hasKey(i.key))?.key;
  if (key) return tk(key);
  return errorMessage(env?.code ?? ErrorCodes.FAILED);
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked a little later: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface DownloadOptions {
  method?: HttpMethod;
  /** Sent as JSON when present. */
  body?: unknown;
  query?: object;
  /** The name to use when the server names no file. */
  fallback: string;
}

function queryText(q: object = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Downloads a file under /api; resolves with its name, or null after telling the user why not. */
export async function downloadFile(path: string, opts: DownloadOptions, save: SaveFile = saveBlob): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${queryText(opts.query)}`, {
      method: opts.method ?? 'GET',
      headers: fileHeaders(opts.body !== undefined),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    toast.error(errorMessage(ErrorCodes.FAILED));
    return null;
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) {
    const body: unknown = await res.json().catch(() => null);
    toast.error(failureText(body));
    return null;
  }
  const name = filenameFromDisposition(res.headers.get('content-disposition'), opts.fallback);
  save(await res.blob(), name);
  return name;
}

/** An endpoint that answers a file (an Excel export, a template). */
export type FileEndpoint = AnyEndpoint & { readonly answer: typeof FILE_ANSWER };

/** A file to fetch: the endpoint's filled path, method and parts, and the name when the server gives none. */
export interface FileRequest extends DownloadOptions {
  path: string;
}

type Parts = { params?: Record<string, unknown>; query?: object; body?: unknown };

/**
 * The request of a file endpoint from its contract, typed as `call()` types a JSON one: the
 * params, query and body the endpoint declares, checked where the page builds it.
 */
export function fileRequest<E extends FileEndpoint>(ep: E, input: InputOf<E> & Parts, fallback: string): FileRequest {
  return {
    path: fillPath(ep.path, input.params),
    method: ep.method,
    ...(input.query ? { query: input.query } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    fallback,
  };
}

/** Downloads what `fileRequest` built; resolves with the saved name, or null after telling the user why not. */
export function downloadRequest({ path, ...opts }: FileRequest, save: SaveFile = saveBlob): Promise<string | null> {
  return downloadFile(path, opts, save);
}
