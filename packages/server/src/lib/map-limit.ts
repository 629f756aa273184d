/**
 * `work` on every item with at most `limit` calls under way at once; the answers in the items'
 * order. After a call fails no further item is started; the calls under way are let finish and
 * the first failure is thrown (so nothing is still writing once this settles).
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed: { err: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (failed === null && next < items.length) {
      const i = next++;
      try {
        out[i] = await work(items[i]!, i);
      } catch (err) {
        failed ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failed !== null) throw (failed as { err: unknown }).err;
  return out;
}
