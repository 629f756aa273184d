/** The subset of a pino/fastify logger that the device link and the job worker use. */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Says nothing: tests and benchmarks. */
export const quietLog: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
