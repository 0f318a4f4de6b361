/** Runs f for each item, at most `lanes` at a time; resolves when all are done (the first failure rejects). */
export async function eachInParallel<T>(items: readonly T[], lanes: number, f: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await f(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
}
