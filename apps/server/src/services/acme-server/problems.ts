import type { MessageKey } from '@cc/contracts/messages';

/** RFC 8555 §6.7 error types this server answers with. */
export type ProblemType =
  | 'badNonce' | 'malformed' | 'unauthorized' | 'badSignatureAlgorithm' | 'externalAccountRequired' | 'accountDoesNotExist'
  | 'rejectedIdentifier' | 'unsupportedIdentifier' | 'orderNotReady' | 'badCSR' | 'caa' | 'rateLimited' | 'alreadyRevoked'
  | 'serverInternal' | 'badRevocationReason' | 'alreadyReplaced' | 'invalidProfile';

/** An ACME problem document (RFC 7807) with the HTTP status, its detail a message key translated for the caller. */
export class AcmeProblem extends Error {
  constructor(
    readonly type: ProblemType | 'notFound' | 'conflict',
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Conflict on keyChange: the account that holds the key (RFC 8555 §7.3.5). */
    readonly location?: string,
    readonly retryAfter?: number,
  ) {
    super(key);
  }
}

export const problemTypeUri = (t: AcmeProblem['type']) => (t === 'notFound' || t === 'conflict' ? 'about:blank' : `urn:ietf:params:acme:error:${t}`);
