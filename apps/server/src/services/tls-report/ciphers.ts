import type { CipherSuiteInfo } from '@cc/contracts/tls-report';

/** The TLS 1.3 suites OpenSSL knows; each is offered alone to see which the server accepts. */
export const tls13Suites = ['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256', 'TLS_AES_128_CCM_SHA256', 'TLS_AES_128_CCM_8_SHA256'] as const;

/**
 * Every TLS ≤ 1.2 suite this Node build's OpenSSL can speak, weak ones included: a scanner must be able to
 * complete the handshakes a careful client would refuse.
 */
export const allSuitesCipherString = 'ALL:COMPLEMENTOFALL';

/** Symmetric key bits of a bulk cipher, as IANA spells it. 3DES counts its effective 112. */
function bitsOf(enc: string): number {
  if (enc.startsWith('NULL')) return 0;
  if (/EXPORT|_40\b|DES40|_40_/.test(enc)) return 40;
  if (enc.startsWith('3DES')) return 112;
  if (enc.startsWith('DES')) return 56;
  if (enc.startsWith('CHACHA20')) return 256;
  const m = /_(128|256|192)\b|_(128|256|192)_/.exec(enc);
  if (m) return Number(m[1] ?? m[2]);
  // SEED, IDEA and RC2 are 128-bit keys.
  return 128;
}

/**
 * Describes a negotiated suite from its IANA name (what OpenSSL reports as `standardName`), so no table of
 * hundreds of suites has to be kept: TLS_{key exchange}_WITH_{cipher}_{mac}, or TLS_{cipher}_{hash} for TLS 1.3.
 */
export function describeSuite(ianaName: string, opensslName: string): CipherSuiteInfo {
  const with13 = /^TLS_(AES_128_GCM|AES_256_GCM|CHACHA20_POLY1305|AES_128_CCM|AES_128_CCM_8)_SHA(256|384)$/.exec(ianaName);
  if (with13) {
    return { name: ianaName, opensslName, strength: bitsOf(with13[1]!), keyExchange: 'any', forwardSecrecy: true, aead: true, weak: false, insecure: false };
  }
  const m = /^(?:TLS|SSL)_(.+?)_WITH_(.+)$/.exec(ianaName);
  const kxPart = m?.[1] ?? '';
  const cipherPart = m?.[2] ?? ianaName;
  const anon = kxPart.includes('anon');
  const exportGrade = /EXPORT/.test(ianaName);
  const keyExchange = anon
    ? 'anon'
    : kxPart.startsWith('ECDHE')
      ? 'ECDHE'
      : kxPart.startsWith('DHE')
        ? 'DHE'
        : kxPart.startsWith('ECDH_')
          ? 'ECDH'
          : kxPart.startsWith('DH_')
            ? 'DH'
            : kxPart.startsWith('SRP')
              ? 'SRP'
              : kxPart.includes('PSK')
                ? 'PSK'
                : kxPart.split('_')[0] || 'RSA';
  const aead = /GCM|CCM|POLY1305/.test(cipherPart);
  const nullCipher = cipherPart.startsWith('NULL');
  const rc4 = cipherPart.startsWith('RC4');
  // 64-bit block ciphers: Sweet32 territory.
  const smallBlock = /^(3DES|DES|IDEA|RC2)/.test(cipherPart);
  const md5 = cipherPart.endsWith('_MD5');
  const cbcSha1 = !aead && cipherPart.endsWith('_SHA');
  const insecure = anon || exportGrade || nullCipher;
  return {
    name: ianaName,
    opensslName,
    strength: bitsOf(cipherPart),
    keyExchange,
    forwardSecrecy: !anon && (kxPart.startsWith('ECDHE') || kxPart.startsWith('DHE')),
    aead,
    weak: insecure || rc4 || smallBlock || md5 || cbcSha1,
    insecure,
  };
}

/** RC4 and 64-bit block ciphers: broken enough to cap the grade at C, not outright insecure. */
export const isRc4Or3des = (s: CipherSuiteInfo) => !s.insecure && /_WITH_(RC4|3DES|DES|IDEA|RC2)/.test(s.name);
