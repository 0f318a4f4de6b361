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
  /** Too many failed slider checks from the address or for the account: no new puzzle for a while. */
  CAPTCHA_LOCKED: { code: 12019, status: 200, key: 'err.captchaLocked' },
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
  /** Sign-in (or any session start) to an account closed in /account/manage. */
  ACCOUNT_CLOSED: { code: 12015, status: 200, key: 'err.accountClosed' },
  /** Closing refused: something is still to settle (errors names each reason). */
  ACCOUNT_CLOSE_BLOCKED: { code: 12016, status: 200, key: 'err.accountCloseBlocked' },
  REAUTH_REQUIRED: { code: 12021, status: 200, key: 'sec.proof.missing' },
  ADDRESS_TAKEN: { code: 12022, status: 200, key: 'sec.telTaken' },
  OLD_PASSWORD_WRONG: { code: 12023, status: 200, key: 'sec.oldPasswordWrong' },
  ALREADY_BOUND: { code: 12024, status: 200, key: 'sec.alreadyBound' },
  WECHAT_UNAVAILABLE: { code: 12025, status: 200, key: 'sec.wechat.unavailable' },
  OAUTH_STATE_INVALID: { code: 12026, status: 200, key: 'sec.wechat.state' },
  PROFILE_INCOMPLETE: { code: 12077, status: 200, key: 'err.profileIncomplete' },
  /** The product or the amount needs a real-name verification the account does not have (packages/domain real-name.ts). */
  VERIFICATION_REQUIRED: { code: 12078, status: 200, key: 'err.verificationRequired' },
  /** An API key called what its scope does not allow (HTTP 403); the message names the key's scope, the call and the scope it needs. */
  API_KEY_SCOPE: { code: 12080, status: 403, key: 'err.apiKeyScope' },
  NOT_DEVELOPER: { code: 12081, status: 200, key: 'apiKey.notDeveloper' },
  API_KEY_LIMIT: { code: 12082, status: 200, key: 'apiKey.limit' },
  SITE_MSG_NOT_FOUND: { code: 14400, status: 200, key: 'siteMsg.notFound' },
  ANNOUNCEMENT_NOT_FOUND: { code: 14401, status: 200, key: 'siteMsg.announcementNotFound' },
  /** Domain names (14200-14299): a name that cannot be registered (taken, reserved). */
  DOMAIN_UNAVAILABLE: { code: 14201, status: 200, key: 'dm.err.unavailable' },
  /** The registry or the registrar's rules refuse the operation (renewal past the cap, lock, transfer rules); msg says which. */
  DOMAIN_REFUSED: { code: 14202, status: 200, key: 'dm.err.refused' },
  /** A .cn-family name needs a real-name verified registrant. */
  DOMAIN_REAL_NAME: { code: 14203, status: 200, key: 'dm.realName.required' },
  /** Domain groups (document 02 §8: non-200 shows a warning with the message). */
  DOMAIN_GROUP: { code: 14210, status: 200, key: 'dm.err.group' },
  /** The member's role lacks the permission the route declares (HTTP 403); the message names the role and the permission. */
  PERMISSION_DENIED: { code: 14000, status: 403, key: 'err.permissionDenied' },
  /** A payment above the member's role limit (0: the role cannot pay). */
  PAY_LIMIT: { code: 14001, status: 403, key: 'err.payLimit' },
  MEMBER_NOT_FOUND: { code: 14002, status: 200, key: 'err.memberNotFound' },
  DEPT_NOT_FOUND: { code: 14003, status: 200, key: 'err.deptNotFound' },
  ROLE_NOT_FOUND: { code: 14004, status: 200, key: 'err.roleNotFound' },
  MEMBER_TAKEN: { code: 14005, status: 200, key: 'err.memberTaken' },
  DEPT_CYCLE: { code: 14006, status: 200, key: 'err.deptCycle' },
  INVITATION_INVALID: { code: 14007, status: 200, key: 'team.invite.invalid' },
  MEMBER_SUSPENDED: { code: 14008, status: 200, key: 'err.memberSuspended' },
  OWNER_ROLE: { code: 14009, status: 200, key: 'err.ownerRole' },
  OWNERSHIP_TARGET: { code: 14010, status: 200, key: 'err.ownershipTarget' },
  MEMBER_ONLY: { code: 14011, status: 200, key: 'err.memberOnly' },
  INSUFFICIENT_BALANCE: { code: 13001, status: 200, key: 'pay.balance.insufficient' },
  // DNS hosting (/domain/dns): 14300-14399.
  DNS_ZONE_NOT_FOUND: { code: 14300, status: 200, key: 'dns.zoneNotFound' },
  /** A record (or the record set after a change) breaks a rule; errors names each field or record at fault. */
  DNS_RECORD_INVALID: { code: 14301, status: 200, key: 'dns.setInvalid' },
  /** The zone changed since the serial the edit was based on; data carries the current serial and what changed. */
  DNS_CONFLICT: { code: 14302, status: 200, key: 'dns.conflict' },
  DNS_ZONE_TAKEN: { code: 14303, status: 200, key: 'dns.zoneTaken' },
  DNS_CHANGE_NOT_FOUND: { code: 14304, status: 200, key: 'dns.changeNotFound' },
  DNS_IMPORT_INVALID: { code: 14305, status: 200, key: 'dns.import.problems' },
  DNS_NOTHING_CHANGED: { code: 14306, status: 200, key: 'dns.nothing' },
  DNS_RECORD_NOT_FOUND: { code: 14307, status: 200, key: 'dns.recordNotFound' },
  DNS_SYSTEM_RECORD: { code: 14308, status: 200, key: 'dns.systemRecord' },
  /** The zone lies inside or encloses another account's live zone (dns.zoneInside or dns.zoneEncloses says which). */
  DNS_ZONE_OVERLAP: { code: 14309, status: 200, key: 'dns.zoneInside' },
  /** An invoice application for more than can be invoiced now (paid, not refunded, not yet invoiced). */
  INVOICE_OVER_DUE: { code: 14101, status: 200, key: 'bill.invoice.overDue' },
  /** The invoice or withdrawal was already decided (issued, rejected, cancelled, paid). */
  BILL_NOT_PENDING: { code: 14102, status: 200, key: 'bill.notPending' },
  /** A withdrawal of more than the refundable balance. */
  WITHDRAW_OVER_REFUNDABLE: { code: 14103, status: 200, key: 'bill.withdraw.overRefundable' },
  /** The sandbox operator area without the operator secret (HTTP 401). */
  OPERATOR_DENIED: { code: 14104, status: 401, key: 'bill.operator.denied' },
  /** The invoice mail's download link: no such link (a wrong or altered one), HTTP 404. */
  INVOICE_LINK_INVALID: { code: 14105, status: 404, key: 'bill.link.invalid' },
  /** The invoice mail's download link has expired (invoiceLinkDays after the invoice was issued), HTTP 410. */
  INVOICE_LINK_EXPIRED: { code: 14106, status: 410, key: 'bill.link.expired' },
  /** The database is unreachable or the process is overloaded or shutting down: HTTP 503 with Retry-After. */
  UNAVAILABLE: { code: 503, status: 503, key: 'err.unavailable' },
  /** The per-address limit on anonymous calls (HTTP 429, with Retry-After). */
  TOO_MANY_REQUESTS: { code: 429, status: 429, key: 'err.tooManyRequests' },
  // Requests that could not be read or routed (Fastify's own errors): they never reached a call, so the HTTP
  // status says what went wrong, as it would for any HTTP client or proxy; the envelope's code is that status.
  BAD_REQUEST: { code: 400, status: 400, key: 'err.badRequest' },
  BAD_URL: { code: 400, status: 400, key: 'err.badUrl' },
  BAD_JSON: { code: 400, status: 400, key: 'err.badJson' },
  EMPTY_JSON_BODY: { code: 400, status: 400, key: 'err.emptyJsonBody' },
  BAD_CONTENT_LENGTH: { code: 400, status: 400, key: 'err.contentLength' },
  ROUTE_NOT_FOUND: { code: 404, status: 404, key: 'err.routeNotFound' },
  METHOD_NOT_ALLOWED: { code: 405, status: 405, key: 'err.methodNotAllowed' },
  BODY_TOO_LARGE: { code: 413, status: 413, key: 'err.bodyTooLarge' },
  PARAM_TOO_LONG: { code: 414, status: 414, key: 'err.paramTooLong' },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, status: 415, key: 'err.unsupportedMediaType' },
  /** Refused by Node's HTTP parser before any route (plugins/errors.ts clientErrorHandler). */
  HEADERS_TOO_LARGE: { code: 431, status: 431, key: 'err.headersTooLarge' },
  REQUEST_TIMEOUT: { code: 408, status: 408, key: 'err.requestTimeout' },
  /** Discovery (/certhub/discovery): a target, profile or certificate the caller does not own, or none. */
  DISCOVERY_NOT_FOUND: { code: 14501, status: 200, key: 'discovery.err.notFound' },
  /** Discovery: the account holds the most scan targets it may. */
  DISCOVERY_LIMIT: { code: 14502, status: 200, key: 'discovery.err.limit' },
  /** CT log (/ct/v1, RFC 6962 §4): a chain that does not verify or does not end in an accepted root; HTTP 400 as the RFC says. */
  CT_BAD_CHAIN: { code: 14503, status: 400, key: 'ct.err.badChain' },
  /** CT log: get-proof-by-hash for a hash not in the tree of that size. */
  CT_NOT_FOUND: { code: 14504, status: 404, key: 'ct.err.notFound' },
  /** CT log: a tree size or entry range beyond the log. */
  CT_BAD_RANGE: { code: 14505, status: 400, key: 'ct.err.range' },
  /** ACME server (issue 19): EAB keys on /account/developer. */
  EAB_KEY_NOT_FOUND: { code: 14601, status: 200, key: 'acme.eab.notFound' },
  EAB_KEY_LIMIT: { code: 14602, status: 200, key: 'acme.eab.limit' },
  EAB_PRODUCT_UNKNOWN: { code: 14603, status: 200, key: 'acme.eab.productUnknown' },
  EAB_ORG_NOT_VERIFIED: { code: 14604, status: 200, key: 'acme.eab.orgNotVerified' },
} as const;

export type ErrorName = keyof typeof errorCatalog;
export type ErrorCode = (typeof errorCatalog)[ErrorName]['code'];

/** Each error's code by name, for a client that branches on one (the console's second step on 12009, say). */
export const errorCodes = Object.fromEntries(Object.entries(errorCatalog).map(([name, e]) => [name, e.code])) as {
  readonly [N in ErrorName]: (typeof errorCatalog)[N]['code'];
};
