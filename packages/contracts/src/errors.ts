/**
 * The one error model. Every business error has a numeric code (sent as `code` in the envelope),
 * an HTTP status and a message key translated in the caller's language (see messages.ts).
 */
export const errorCatalog = {
  OK: { code: 200, status: 200, key: 'ok' },
  INVALID_INPUT: { code: 10001, status: 200, key: 'err.invalidInput' },
  NOT_FOUND: { code: 10004, status: 200, key: 'err.notFound' },
  CONFLICT: { code: 10009, status: 200, key: 'err.conflict' },
  UNAUTHORIZED: { code: 401, status: 401, key: 'err.unauthorized' },
  INTERNAL: { code: 500, status: 500, key: 'err.internal' },
  CAPTCHA_REQUIRED: { code: 12001, status: 200, key: 'err.captchaRequired' },
  CAPTCHA_WRONG: { code: 12002, status: 200, key: 'err.captchaWrong' },
  CAPTCHA_EXPIRED: { code: 12003, status: 200, key: 'err.captchaExpired' },
  BAD_CREDENTIALS: { code: 12004, status: 200, key: 'err.badCredentials' },
  ACCOUNT_EXISTS: { code: 12005, status: 200, key: 'err.accountExists' },
  CODE_WRONG: { code: 12006, status: 200, key: 'err.codeWrong' },
  CODE_TOO_SOON: { code: 12007, status: 200, key: 'err.codeTooSoon' },
  TOO_MANY_ATTEMPTS: { code: 12008, status: 200, key: 'err.tooManyAttempts' },
  SECOND_STEP_REQUIRED: { code: 12009, status: 200, key: 'err.secondStepRequired' },
  SECOND_STEP_EXPIRED: { code: 12010, status: 200, key: 'err.secondStepExpired' },
  ACCOUNT_NOT_FOUND: { code: 12011, status: 200, key: 'err.accountNotFound' },
  INVITE_CODE_UNKNOWN: { code: 12012, status: 200, key: 'err.inviteCodeUnknown' },
  INVITE_CODE_TAKEN: { code: 12013, status: 200, key: 'err.inviteCodeTaken' },
  TWO_STEP_NOT_READY: { code: 12014, status: 200, key: 'err.twoStepNotReady' },
  PROFILE_INCOMPLETE: { code: 12077, status: 200, key: 'err.profileIncomplete' },
  INSUFFICIENT_BALANCE: { code: 13001, status: 200, key: 'pay.balance.insufficient' },
  /** The database is unreachable or the process is overloaded or shutting down: HTTP 503 with Retry-After. */
  UNAVAILABLE: { code: 503, status: 503, key: 'err.unavailable' },
  /** The per-address limit on anonymous calls (HTTP 429, with Retry-After). */
  TOO_MANY_REQUESTS: { code: 429, status: 429, key: 'err.tooManyRequests' },
} as const;

export type ErrorName = keyof typeof errorCatalog;
export type ErrorCode = (typeof errorCatalog)[ErrorName]['code'];
