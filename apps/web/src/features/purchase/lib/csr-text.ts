const pemBlock = /-----BEGIN (?:NEW )?CERTIFICATE REQUEST-----[\s\S]*?-----END (?:NEW )?CERTIFICATE REQUEST-----/g;

/** The PEM requests in a pasted text, one per order (§5 "Pasted CSRs"). */
export function splitCsrPems(text: string): string[] {
  return text.match(pemBlock) ?? [];
}

/** Whether a file's text starts with the request header (§5 "CSR zip upload"). */
export function startsWithCsrHeader(text: string): boolean {
  return /^-----BEGIN (?:NEW )?CERTIFICATE REQUEST-----/.test(text.replace(/^\uFEFF/, '').trimStart());
}
