import { fillPath, type AnswerOf, type AnyEndpoint, type InputOf } from '@farmsense/shared';
import { request, send, type CallOptions } from './client';

/**
 * The console's side of the typed endpoint contracts (packages/shared/src/contract.ts): a call
 * names its endpoint and passes the declared params, query and body; the answer's type is the
 * contract's, inferred, so no page writes a response type by hand.
 */
export type CallSettings = Pick<CallOptions, 'signal' | 'global' | 'quiet'>;

type Parts = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

function options(ep: AnyEndpoint, input: Parts, settings: CallSettings): { path: string; opts: CallOptions } {
  return {
    path: fillPath(ep.path, input.params),
    opts: {
      ...settings,
      method: ep.method,
      ...(input.query ? { query: input.query as CallOptions['query'] } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
    },
  };
}

/** Calls an endpoint and resolves with its data (rejects with ApiError as `request` does). */
export function call<E extends AnyEndpoint>(ep: E, input: InputOf<E>, settings: CallSettings = {}): Promise<AnswerOf<E>> {
  const { path, opts } = options(ep, input as Parts, settings);
  return request<AnswerOf<E>>(path, opts);
}

/**
 * Calls an endpoint and resolves with the whole envelope: a form uses it to show a validation
 * refusal (HTTP 400, code 99996 with the issues) on its fields instead of a toast.
 */
export function callForForm<E extends AnyEndpoint>(
  ep: E,
  input: InputOf<E>,
  settings: CallSettings = {},
): ReturnType<typeof send<AnswerOf<E>>> {
  const { path, opts } = options(ep, input as Parts, settings);
  return send<AnswerOf<E>>(path, opts);
}
