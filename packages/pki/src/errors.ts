/** Closed set of failure codes the tool pages translate; the message is for logs and tests. */
export type PkiErrorCode =
  | 'EMPTY_INPUT'
  | 'UNRECOGNIZED_INPUT'
  | 'NOT_A_CERTIFICATE'
  | 'NOT_A_CSR'
  | 'NOT_A_PRIVATE_KEY'
  | 'PASSWORD_REQUIRED'
  | 'BAD_PASSWORD'
  | 'UNSUPPORTED_ALGORITHM'
  | 'UNSUPPORTED_ENCRYPTION'
  | 'KEY_CERT_MISMATCH'
  | 'INVALID_ARGUMENT'
  /** A file asks for more key-derivation rounds than MAX_ITERATIONS: refused rather than freezing the page. */
  | 'TOO_MANY_ITERATIONS';

export class PkiError extends Error {
  readonly code: PkiErrorCode;
  constructor(code: PkiErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'PkiError';
    this.code = code;
  }
}

export function isPkiError(e: unknown): e is PkiError {
  return e instanceof PkiError;
}

/** Runs fn, turning any failure that is not already a PkiError into one with the given code (malformed input). */
export async function withCode<T>(code: PkiErrorCode, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof PkiError) throw e;
    throw new PkiError(code, e instanceof Error ? e.message : String(e));
  }
}
