/**
 * Names for a CSR, as §5 asks of domains: Chinese (any Unicode) names go to their xn-- form before the request is
 * built, a '*.' prefix kept; each must be a domain, wildcard, IPv4 or IPv6 (SANs may also be e-mail addresses).
 * A name no CA would accept is refused here rather than written into the request.
 */
import { nameKind, splitDomainList, toAscii } from '@cc/domain/domain-names';

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export const csrHostname = (text: string): string => toAscii(text.trim());

export function isCsrHostname(text: string): boolean {
  return nameKind(csrHostname(text)) !== null;
}

/** A SAN entry in the form it goes into the request: e-mail as given, names in ASCII. */
export const csrSan = (entry: string): string => (entry.includes('@') ? entry.trim() : toAscii(entry));

export function isCsrSan(entry: string): boolean {
  const v = csrSan(entry);
  return v.includes('@') ? EMAIL.test(v) : nameKind(v) !== null;
}

export const splitSans = (text: string | undefined): string[] => splitDomainList(text ?? '');

/** The entries of `text` that are not acceptable, as typed. */
export const badSans = (text: string | undefined): string[] => splitSans(text).filter((e) => !isCsrSan(e));
