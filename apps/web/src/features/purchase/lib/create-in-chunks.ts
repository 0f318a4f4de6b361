/**
 * Batch creation in sequence: the certificates go to the server `size` at a time, each request created by the
 * server in one transaction with per-certificate results (`partial: true`); every answer is handed on as it
 * arrives so the progress dialog moves as each one answers. Pure apart from `send`, so it is unit-tested.
 */
import type { CreateOrderPartialAnswer } from '@cc/contracts/purchase';

/**
 * Certificates per request when more than 10 are created (document 01 §4): one at a time, so the progress moves
 * per certificate and a refusal marks only its own domain.
 */
export const sequentialChunkSize = 1;

/** What became of one certificate; `at` is its position in the list given to createInChunks. */
export type ChunkOutcome = { at: number; status: 'created'; orderNo: string } | { at: number; status: 'failed'; error: string };

export interface ChunkRun<T> {
  items: readonly T[];
  size?: number;
  /** One request for these certificates. */
  send: (chunk: readonly T[]) => Promise<CreateOrderPartialAnswer>;
  /** The message for a request that failed as a whole (network, or a rule that concerns every certificate). */
  describe: (e: unknown) => string;
  /** Called once per answered request, in order. */
  onChunk: (outcomes: ChunkOutcome[]) => void;
}

/** Splits `xs` into runs of at most `size` (size below 1 counts as 1). */
export function chunk<T>(xs: readonly T[], size: number): T[][] {
  const n = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** The first message of a failed certificate's errors (they are keyed by field). */
export const firstError = (errors: Record<string, string>): string => Object.values(errors)[0] ?? '';

/** Sends the chunks one after the other; answers every outcome, in the order of `items`. */
export async function createInChunks<T>({ items, size = sequentialChunkSize, send, describe, onChunk }: ChunkRun<T>): Promise<ChunkOutcome[]> {
  const all: ChunkOutcome[] = [];
  let offset = 0;
  for (const part of chunk(items, size)) {
    const base = offset;
    offset += part.length;
    let outcomes: ChunkOutcome[];
    try {
      const r = await send(part);
      const seen = new Set<number>();
      outcomes = [];
      for (const c of r.created) {
        if (c.index < 0 || c.index >= part.length || seen.has(c.index)) continue;
        seen.add(c.index);
        outcomes.push({ at: base + c.index, status: 'created', orderNo: c.orderNo });
      }
      for (const f of r.failed) {
        if (f.index < 0 || f.index >= part.length || seen.has(f.index)) continue;
        seen.add(f.index);
        outcomes.push({ at: base + f.index, status: 'failed', error: firstError(f.errors) });
      }
      // A certificate the answer does not mention was not created.
      part.forEach((_, i) => {
        if (!seen.has(i)) outcomes.push({ at: base + i, status: 'failed', error: describe(null) });
      });
      outcomes.sort((a, b) => a.at - b.at);
    } catch (e) {
      const text = describe(e);
      outcomes = part.map((_, i) => ({ at: base + i, status: 'failed', error: text }));
    }
    all.push(...outcomes);
    onChunk(outcomes);
  }
  return all;
}
