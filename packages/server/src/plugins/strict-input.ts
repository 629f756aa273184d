import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCodes, isFreeText, isPlainText } from '@farmsense/shared';

/**
 * The request pipeline's part of strict input (issue 16): what a route's schema cannot see, checked
 * for every /api call before the guard and the schema run. The raw query string is read as sent
 * (text that is not UTF-8, a repeated parameter, a control character in a name or value), path
 * parameters and every string and key of a JSON body are checked for control characters and lone
 * UTF-16 surrogates (tab and line breaks may appear in a body, where free text allows them; the
 * field schemas refuse them everywhere else). A refusal is HTTP 400 with code 99996 and the
 * offending fields, before anything reaches the database (PostgreSQL refuses a NUL in text with an
 * error that used to surface as a 500).
 */
export interface InputIssue {
  field: string | null;
  key: string;
}

const MAX_DEPTH = 64;
const INVALID_CHARS = 'validation.invalidCharacters';

/** A field name fit to echo back: anything unprintable shown as U+FFFD. */
function shown(name: string): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  return name.replace(/[\u0000-\u001f\u007f-\u009f\uD800-\uDFFF]/g, '\uFFFD').slice(0, 100);
}

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Issues of the raw query string: undecodable text, control characters, repeated names, and any
 * parameter at all where the route declares no query (a declared query's schema refuses unknown
 * names itself).
 */
export function queryIssues(rawUrl: string, declared: boolean): InputIssue[] {
  const at = rawUrl.indexOf('?');
  if (at < 0) return [];
  const issues: InputIssue[] = [];
  const seen = new Set<string>();
  for (const pair of rawUrl.slice(at + 1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const field = name === null ? shown(pair.slice(0, eq < 0 ? undefined : eq)) : shown(name);
    if (name === null || value === null || !isPlainText(name) || !isPlainText(value)) {
      issues.push({ field, key: INVALID_CHARS });
    } else if (!declared) {
      issues.push({ field, key: 'validation.unknownField' });
    } else if (seen.has(name)) {
      issues.push({ field, key: 'validation.invalid' });
    }
    if (name !== null) seen.add(name);
  }
  return issues;
}

/** Issues of a parsed JSON body: keys and strings with controls (tab and line breaks allowed) or lone surrogates. */
export function bodyIssues(body: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (issues.length >= 20) return;
    if (typeof v === 'string') {
      if (!isFreeText(v)) issues.push({ field: path || null, key: INVALID_CHARS });
      return;
    }
    if (!v || typeof v !== 'object' || depth > MAX_DEPTH) return;
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, path ? `${path}.${i}` : String(i), depth + 1));
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      const field = path ? `${path}.${shown(k)}` : shown(k);
      if (!isPlainText(k)) issues.push({ field, key: INVALID_CHARS });
      else walk(x, field, depth + 1);
    }
  };
  walk(body, '', 0);
  return issues;
}

function pathIssues(req: FastifyRequest): InputIssue[] {
  const params = req.params;
  if (!params || typeof params !== 'object') return [];
  return Object.entries(params)
    .filter(([, v]) => typeof v === 'string' && (!isPlainText(v) || v.includes('\uFFFD')))
    .map(([k]) => ({ field: shown(k), key: INVALID_CHARS }));
}

export function registerStrictInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api') || req.url.startsWith('/api/docs')) return;
    const issues = [
      ...pathIssues(req),
      ...queryIssues(req.raw.url ?? '', req.routeOptions.schema?.querystring !== undefined),
      ...bodyIssues(req.body),
    ];
    if (issues.length > 0) throw new AppError(ErrorCodes.PARAM_ERROR, { httpStatus: 400, data: { issues } });
  });
}
