/** A page chunk that did not arrive (network, new deployment) or took longer than `chunkLoadTimeoutMs`. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly kind: 'js' | 'css' | 'timeout',
  ) {
    super(message);
  }
}

/** Doc 02 §9: a chunk load times out after 120 s. */
export const chunkLoadTimeoutMs = 120_000;

/** Wraps a dynamic import: a timeout and failures both become a ChunkLoadError the error screen recognises. */
export function withChunkTimeout<T>(importer: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${timeoutMs / 1000} s`, 'timeout')), timeoutMs);
      importer().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(timer);
          const text = e instanceof Error ? e.message : String(e);
          reject(new ChunkLoadError(text, /\.css|stylesheet/i.test(text) ? 'css' : 'js'));
        },
      );
    });
}

export function isChunkLoadError(e: unknown): e is ChunkLoadError {
  if (e instanceof ChunkLoadError) return true;
  // Errors raised by the browser or Vite's preload helper before our wrapper saw them.
  return e instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(e.message);
}
