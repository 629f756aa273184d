import { ErrorCodes, REQUEST_TIMEOUT_MS, type Envelope } from '@farmsense/shared';
import { errorMessage, i18n } from '../i18n/i18n';
import { appState } from '../stores/appStore';
import { anySignal, navigateTo, navigationSignal } from './navigation';
import { toast } from './toast';

/**
 * The one way the console talks to the server (SPEC §7, §8). Every call sends the `token` and
 * `Accept-Language` headers, times out after 300 s, and is cancelled by the next navigation unless
 * it is session-wide. The envelope is handled here once, so pages only see data or an ApiError.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Not cancelled by navigation (bootstrap, activity log, logout). */
  global?: boolean;
  /**
   * Background reference data: a refusal is neither shown nor taken as the end of the session;
   * the caller copes without it (e.g. a list a platform account has no tenant for).
   */
  quiet?: boolean;
}

/** A failed call; `handled` means the user has already been told (toast or redirect). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    readonly data: unknown,
    readonly handled: boolean,
  ) {
    super(`api error ${code}`);
    this.name = 'ApiError';
  }
}

/** The call was abandoned (navigation or the caller's own signal): nothing to tell the user. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export const API_BASE = '/api';
/** SPEC §8 "session invalid" codes: the token is dropped and the user signs in again. */
export const SESSION_CODES: readonly number[] = [ErrorCodes.NO_PERMISSION, ErrorCodes.AUTH_FAILED, ErrorCodes.TOKEN_INVALID];
/** Codes SPEC §8 wants logged for support as well as shown. */
const LOGGED_CODES: readonly number[] = [ErrorCodes.FLOCK_TYPE_MISSING, ErrorCodes.AGE_QUERY_NEEDS_PEN];

/** When the last session-ended redirect happened; parallel failures within a moment share it. */
let lastRedirectAt = 0;
const REDIRECT_DEDUPE_MS = 1500;

function buildUrl(path: string, query: CallOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Interpolation values for messages such as "try again in {{retryAfterSeconds}} s". */
function messageVars(data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  return Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string' || typeof v === 'number'));
}

function onLoginScreen(): boolean {
  return typeof window !== 'undefined' && window.location.pathname.startsWith('/login');
}

/** "<message>. <hint>" with the punctuation of the language. */
function joined(message: string, hint: string): string {
  return i18n.t('joinMessage', { ns: 'auth', message, hint });
}

function sessionInvalid(code: number, data: unknown): void {
  appState().clearToken();
  const text = errorMessage(code, messageVars(data));
  // On the sign-in screen 20001 means wrong credentials: say so, nothing to redirect.
  if (onLoginScreen()) {
    toast.error(code === ErrorCodes.AUTH_FAILED ? text : joined(text, i18n.t('client.loginOnLoginPage', { ns: 'errors' })));
    return;
  }
  // Parallel requests fail together; one message and one redirect are enough.
  const now = Date.now();
  // Both ways: a clock set back (by the user or a sync) must not silence the next redirect.
  if (Math.abs(now - lastRedirectAt) < REDIRECT_DEDUPE_MS) return;
  lastRedirectAt = now;
  toast.error(joined(text, i18n.t('client.loginAgain', { ns: 'errors' })));
  navigateTo('/login/tenant');
}

function failed(status: number): ApiError {
  toast.error(errorMessage(ErrorCodes.FAILED));
  return new ApiError(ErrorCodes.FAILED, status, null, true);
}

/**
 * Sends a call and applies SPEC §8. Resolves with the envelope for code 1 and, quietly, for any
 * HTTP 400 answer (the caller decides, e.g. shows field issues); rejects with ApiError otherwise.
 */
export async function send<T>(path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const { signal, dispose } = anySignal([timeout.signal, opts.signal, opts.global ? undefined : navigationSignal()]);
  try {
    return await receive<T>(path, opts, signal, timeout.signal);
  } finally {
    clearTimeout(timer);
    dispose();
  }
}

async function receive<T>(path: string, opts: CallOptions, signal: AbortSignal, timeoutSignal: AbortSignal): Promise<Envelope<T>> {
  const { token, locale } = appState();
  const headers: Record<string, string> = { 'Accept-Language': locale, Accept: 'application/json' };
  if (token) headers.token = token;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch {
    // Abandoned by navigation or by the caller: silent. A timeout is a network failure.
    if (signal.aborted && !timeoutSignal.aborted) throw new CancelledError();
    if (opts.quiet) throw new ApiError(ErrorCodes.FAILED, 0, null, false);
    throw failed(0);
  }

  let env: Envelope<T> | null = null;
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === 'object' && typeof (parsed as Envelope<T>).code === 'number') env = parsed as Envelope<T>;
  } catch {
    if (signal.aborted && !timeoutSignal.aborted) throw new CancelledError();
    env = null;
  }

  if (res.status === 400) {
    return env ?? { code: ErrorCodes.PARAM_ERROR, msg: '', data: null as T };
  }
  if (opts.quiet && env?.code !== ErrorCodes.SUCCESS)
    throw new ApiError(env?.code ?? ErrorCodes.FAILED, res.status, env?.data ?? null, false);
  if (!env) throw failed(res.status);

  const { code, data } = env;
  if (code === ErrorCodes.SUCCESS) return env;
  if (SESSION_CODES.includes(code)) {
    sessionInvalid(code, data);
    throw new ApiError(code, res.status, data, true);
  }
  if (code === ErrorCodes.IGNORED) throw new ApiError(code, res.status, data, true);
  if (code === ErrorCodes.FAILED) throw failed(res.status);
  if (LOGGED_CODES.includes(code)) console.warn(`[api] ${path} answered ${code}`, data);
  toast.error(errorMessage(code, messageVars(data)));
  throw new ApiError(code, res.status, data, true);
}

/** Sends a call and returns its data; a quiet HTTP 400 answer becomes an unhandled ApiError. */
export async function request<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const env = await send<T>(path, opts);
  if (env.code !== ErrorCodes.SUCCESS) throw new ApiError(env.code, 400, env.data, false);
  return env.data;
}
