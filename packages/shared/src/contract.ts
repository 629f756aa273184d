import { z } from 'zod';

/**
 * Typed endpoint contracts (issue 11 item 2). Each API call is declared once, here in the shared
 * package: method, path (without the `/api` base), the schemas of its path parameters, query and
 * body, and the schema of the `data` it answers inside the envelope. The server registers its
 * handler against the declaration (`serve()` in packages/server/src/core/serve.ts: request and
 * answer validated, OpenAPI documented) and the console calls it through `call()` in
 * packages/web/src/app/api/call.ts, so the answer type is inferred on both sides and never
 * written by hand.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * An answer that is not JSON: a file download (Excel export, template), a live event stream, or
 * an HTML page a person opens from outside the console (the acknowledge link of an alarm e-mail).
 */
export const FILE_ANSWER = 'file' as const;
export const STREAM_ANSWER = 'stream' as const;
export const PAGE_ANSWER = 'page' as const;
export type SpecialAnswer = typeof FILE_ANSWER | typeof STREAM_ANSWER | typeof PAGE_ANSWER;

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType | SpecialAnswer = z.ZodType | SpecialAnswer,
> {
  readonly method: M;
  /** Under /api, with `:name` path parameters (CONTRACT §3: the SPEC §7 path). */
  readonly path: string;
  /** One line for the API reference (/api/docs). */
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** The schema of `data` in a successful envelope, or a file / stream marker. */
  readonly answer: A;
}

/** Declares an endpoint; the literal types of its parts are kept for inference. */
export function endpoint<
  M extends HttpMethod,
  A extends z.ZodType | SpecialAnswer,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(def: { method: M; path: string; summary: string; params?: P; query?: Q; body?: B; answer: A }): Endpoint<M, P, Q, B, A> {
  return def;
}

/** What follows the method, path and summary of a declaration: its schemas. */
export interface EndpointParts<P, Q, B, A> {
  params?: P;
  query?: Q;
  body?: B;
  answer: A;
}

/**
 * `endpoint()` for one method, written `get(path, summary, { query, answer })`: the declarations
 * of the endpoints files stay one or two lines each, with the same endpoint object and types.
 */
export type EndpointOf<M extends HttpMethod> = <
  A extends z.ZodType | SpecialAnswer,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  path: string,
  summary: string,
  parts: EndpointParts<P, Q, B, A>,
) => Endpoint<M, P, Q, B, A>;

function endpointOf<M extends HttpMethod>(method: M): EndpointOf<M> {
  return (path, summary, parts) => endpoint({ method, path, summary, ...parts });
}

export const get = endpointOf('GET');
export const post = endpointOf('POST');
export const put = endpointOf('PUT');
export const del = endpointOf('DELETE');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the widest endpoint, for constraints only
export type AnyEndpoint = Endpoint<HttpMethod, any, any, any, any>;

type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** The `data` of a successful answer (files and streams have none the client reads as JSON). */
export type AnswerOf<E extends AnyEndpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : never;
export type ParamsOf<E extends AnyEndpoint> = Out<E['params']>;
export type QueryOf<E extends AnyEndpoint> = Out<E['query']>;
export type BodyOf<E extends AnyEndpoint> = Out<E['body']>;

/**
 * What a caller sends for a parsed shape `T`. A key whose value may be undefined may be left out
 * (`optionalText()` and preprocessed fields parse to `string | undefined` under a required key),
 * and a moment may be epoch milliseconds or ISO text as well as a Date: `dateTimeInput`
 * (schemas/time.ts) reads all three, and the console keeps moments as numbers.
 */
export type Sent<T> = T extends Date
  ? Date | number | string
  : T extends readonly (infer U)[]
    ? Sent<U>[]
    : T extends object
      ? { [K in keyof T as undefined extends T[K] ? K : never]?: Sent<T[K]> } & {
          [K in keyof T as undefined extends T[K] ? never : K]: Sent<T[K]>;
        }
      : T;

/**
 * One part of a call's input. The optional members of `Endpoint` read as `S | undefined`, so the
 * declared schema is taken without `undefined`; a part the endpoint does not declare adds nothing.
 */
type Part<K extends string, S> = [Exclude<S, undefined>] extends [never] ? unknown : { [k in K]: Sent<z.output<Exclude<S, undefined>>> };

/**
 * What a caller passes: the validated (output) shape of each declared part. The console sends
 * values that already satisfy the rules, so the parsed shape is the precise type to send.
 */
export type InputOf<E extends AnyEndpoint> = Part<'params', E['params']> & Part<'query', E['query']> & Part<'body', E['body']>;

/** `/a/:id/b` with `{ id: 3 }` -> `/a/3/b`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** `/a/:id` -> `/a/{id}`, the OpenAPI spelling the security tests key routes by. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** A paged list answer (CONTRACT §3): `{ list, total, pageNo, pageSize }`. */
export function pageOf<T extends z.ZodType>(row: T): PageAnswer<T> {
  return z.object({ list: z.array(row), total: z.number(), pageNo: z.number(), pageSize: z.number() });
}

/** An answer with no data (`data: null`). */
export const noAnswer = z.null();

/** The schema `pageOf(row)` builds. */
export type PageAnswer<T extends z.ZodType> = z.ZodObject<{
  list: z.ZodArray<T>;
  total: z.ZodNumber;
  pageNo: z.ZodNumber;
  pageSize: z.ZodNumber;
}>;

/** The answer of a write that names the row it wrote (an add, some updates): its id. */
export const idAnswer = z.object({ id: z.number() });

/** An add or update of a `resource()`: its summary, its body and, when not the default, its answer. */
export interface ResourceWrite {
  summary: string;
  body: z.ZodType;
  answer?: z.ZodType;
}

/**
 * Where the calls of a `resource()` live under its base. `rest`: GET base/page, GET base/:id,
 * POST base, PUT base, DELETE base/:id. `named`, the older SPEC §7 resources (farms, sheds,
 * devices): each call named in its path, GET base/page, GET base/detail (the id in the query),
 * POST base/add, PUT base/update, DELETE base/delete/:id.
 */
export const RESOURCE_PATHS = Object.freeze({
  rest: { page: '/page', detail: '/:id', add: '', update: '', remove: '/:id' },
  named: { page: '/page', detail: '/detail', add: '/add', update: '/update', remove: '/delete/:id' },
});

/**
 * What `resource()` declares: the calls given, each with its summary (one line of the API
 * reference); `params` and `row` are shared by the calls that take or answer one row.
 */
export interface ResourceSpec {
  /** The path style (`RESOURCE_PATHS`), `rest` unless given. */
  paths?: keyof typeof RESOURCE_PATHS;
  /** The `{ id }` path parameters of remove and of a detail given by its summary alone. */
  params?: z.ZodType<{ id: number }>;
  /** One row: the page lists them, detail answers one. */
  row?: z.ZodType;
  /** A GET filtered by its query or, for the resources whose filter is a body, a POST. */
  page?: { summary: string; query: z.ZodType } | { summary: string; body: z.ZodType };
  /** The summary of the detail call (the id in the path, `params`), or its summary and query (the id in the query). */
  detail?: string | { summary: string; query: z.ZodType };
  /** Answers `idAnswer` unless another answer is given. */
  add?: ResourceWrite;
  /** Answers `noAnswer` unless another answer is given. */
  update?: ResourceWrite;
  /** The summary of the remove call (it answers `noAnswer`). */
  remove?: string;
}

type ResourceCall = 'page' | 'detail' | 'add' | 'update' | 'remove';

/** `params` is needed by remove and a detail by path, `row` by page and detail. */
type ResourceNeeds<S> = (S extends { page: unknown } | { detail: unknown } ? { row: z.ZodType } : unknown) &
  (S extends { detail: string } | { remove: unknown } ? { params: z.ZodType<{ id: number }> } : unknown);

type RowOf<S> = S extends { row: infer R extends z.ZodType } ? R : never;
type ParamsOfSpec<S> = S extends { params: infer P extends z.ZodType } ? P : never;
type BodyOfWrite<W> = W extends { body: infer B extends z.ZodType } ? B : never;
type AnswerOfWrite<W, D> = W extends { answer: infer A extends z.ZodType } ? A : D;

type PageEndpoint<S> = S extends { page: { body: infer B extends z.ZodType } }
  ? Endpoint<'POST', undefined, undefined, B, PageAnswer<RowOf<S>>>
  : S extends { page: { query: infer Q extends z.ZodType } }
    ? Endpoint<'GET', undefined, Q, undefined, PageAnswer<RowOf<S>>>
    : never;
type DetailEndpoint<S> = S extends { detail: { query: infer Q extends z.ZodType } }
  ? Endpoint<'GET', undefined, Q, undefined, RowOf<S>>
  : Endpoint<'GET', ParamsOfSpec<S>, undefined, undefined, RowOf<S>>;

type ResourceEndpoint<S, K extends ResourceCall> = K extends 'page'
  ? PageEndpoint<S>
  : K extends 'detail'
    ? DetailEndpoint<S>
    : K extends 'add'
      ? Endpoint<'POST', undefined, undefined, BodyOfWrite<S[K & keyof S]>, AnswerOfWrite<S[K & keyof S], typeof idAnswer>>
      : K extends 'update'
        ? Endpoint<'PUT', undefined, undefined, BodyOfWrite<S[K & keyof S]>, AnswerOfWrite<S[K & keyof S], typeof noAnswer>>
        : Endpoint<'DELETE', ParamsOfSpec<S>, undefined, undefined, typeof noAnswer>;

/** `groupPage` for prefix `group`, or `page` for none. */
type CallName<Prefix extends string, K extends string> = Prefix extends '' ? K : `${Prefix}${Capitalize<K>}`;

/** The endpoints `resource(prefix, base, spec)` declares, under their prefixed names. */
export type ResourceEndpoints<Prefix extends string, S> = {
  [K in ResourceCall & keyof S as CallName<Prefix, K>]: ResourceEndpoint<S, K>;
};

function needed<T>(value: T | undefined, what: string, base: string): T {
  if (value === undefined) throw new Error(`resource ${base}: ${what} is missing`);
  return value;
}

/**
 * The standard calls of a resource at `base`, declared once: `page` (a paged list of `row`
 * filtered by its query, or by its body as a POST), `detail` (one `row`), `add`, `update` and
 * `remove`, at the paths of `spec.paths` (`RESOURCE_PATHS`: REST's GET base/page, GET base/:id,
 * POST base, PUT base, DELETE base/:id unless `named`). Only the calls given are declared, named
 * `<prefix>Page`, `<prefix>Add`, ... (or `page`, `add`, ... without a prefix), each the same
 * endpoint `get`/`post`/`put`/`del` would declare; spread the result into the module's Api object:
 * `...resource('group', '/warning/ruleGroup', { params, row, page: { summary, query }, remove: '...' })`.
 * Calls whose paths or answers differ stay declared one by one.
 */
export function resource<Prefix extends string, S extends ResourceSpec>(
  prefix: Prefix,
  base: string,
  spec: S & ResourceNeeds<S>,
): ResourceEndpoints<Prefix, S> {
  const { page, detail, add, update, remove } = spec as ResourceSpec;
  const at = RESOURCE_PATHS[spec.paths ?? 'rest'];
  const row = () => needed(spec.row, 'row', base);
  const params = () => needed(spec.params, 'params', base);
  const pageCall = (p: NonNullable<ResourceSpec['page']>) =>
    'body' in p
      ? post(base + at.page, p.summary, { body: p.body, answer: pageOf(row()) })
      : get(base + at.page, p.summary, { query: p.query, answer: pageOf(row()) });
  const detailCall = (d: NonNullable<ResourceSpec['detail']>) =>
    typeof d === 'string'
      ? get(base + at.detail, d, { params: params(), answer: row() })
      : get(base + at.detail, d.summary, { query: d.query, answer: row() });
  const calls: Partial<Record<ResourceCall, AnyEndpoint>> = {
    page: page && pageCall(page),
    detail: detail === undefined ? undefined : detailCall(detail),
    add: add && post(base + at.add, add.summary, { body: add.body, answer: add.answer ?? idAnswer }),
    update: update && put(base + at.update, update.summary, { body: update.body, answer: update.answer ?? noAnswer }),
    remove: remove === undefined ? undefined : del(base + at.remove, remove, { params: params(), answer: noAnswer }),
  };
  const named = Object.entries(calls)
    .filter(([, call]) => call !== undefined)
    .map(([call, declared]) => [prefix === '' ? call : prefix + call.charAt(0).toUpperCase() + call.slice(1), declared]);
  return Object.fromEntries(named) as ResourceEndpoints<Prefix, S>;
}
