import { generateSslConfig, type SslServer } from '@cc/pki/ssl-config';
import type { CipherSuiteInfo, ReportServer, TlsVersion } from '@cc/contracts/tls-report';
import type { TlsReportMessageKey } from '@cc/contracts/tls-report-messages';
import type { StoredReason } from './grade.ts';

// Every server the report offers must be one the generator writes for.
const asSslServer = (s: ReportServer): SslServer => s;

export type FixKind = 'protocols' | 'ciphers' | 'hsts' | 'ocsp' | 'chain' | 'certificate' | 'key';

const kindOf: Partial<Record<TlsReportMessageKey, FixKind>> = {
  'tls.reason.noModernTls': 'protocols',
  'tls.reason.oldProtocols': 'protocols',
  'tls.reason.noTls13': 'protocols',
  'tls.reason.insecureSuites': 'ciphers',
  'tls.reason.rc4Or3des': 'ciphers',
  'tls.reason.noForwardSecrecy': 'ciphers',
  'tls.reason.noAead': 'ciphers',
  'tls.reason.weakCbc': 'ciphers',
  'tls.reason.noHsts': 'hsts',
  'tls.reason.hstsShort': 'hsts',
  'tls.reason.noOcspStapling': 'ocsp',
  'tls.reason.chainIncomplete': 'chain',
  'tls.reason.chainMissingIssuer': 'chain',
  'tls.reason.chainOrder': 'chain',
  'tls.reason.untrusted': 'certificate',
  'tls.reason.selfSigned': 'certificate',
  'tls.reason.expired': 'certificate',
  'tls.reason.notYetValid': 'certificate',
  'tls.reason.hostnameMismatch': 'certificate',
  'tls.reason.weakSignature': 'certificate',
  'tls.reason.keyInsecure': 'key',
  'tls.reason.keyWeak': 'key',
};

export const fixTitle: Record<FixKind, TlsReportMessageKey> = {
  protocols: 'tls.fix.protocols',
  ciphers: 'tls.fix.ciphers',
  hsts: 'tls.fix.hsts',
  ocsp: 'tls.fix.ocsp',
  chain: 'tls.fix.chain',
  certificate: 'tls.fix.certificate',
  key: 'tls.fix.key',
};

/** Where the certificate file is named (not the key, not the stapling trust file). */
const certificateLine = /^(?!.*(trusted|key)).*(certificate|cert_file|pemfile|ssl_cert\b|crt |ChainFile)/i;

/** Lines of a generated configuration that carry each kind of fix, whatever the server's syntax. */
const linesFor: Record<FixKind, RegExp | null> = {
  protocols: /protocol|min-?ver|tls_version|MinVersion|MinProtocol/i,
  ciphers: /cipher|curve|prefer|honorCipherOrder/i,
  hsts: /Strict-Transport-Security|hsts|stsSeconds|headers_module|mod_setenv/i,
  ocsp: /stapl|ocsp|resolver|ssl_trusted_certificate/i,
  chain: certificateLine,
  certificate: certificateLine,
  key: null,
};

/** Servers whose configuration is one nested block: a few lines out of it would not stand alone. */
const wholeBlock: ReadonlySet<ReportServer> = new Set(['caddy', 'traefik', 'tomcat', 'iis', 'go']);

export interface Fix {
  kind: FixKind;
  reasons: string[];
  snippet: string;
}

/**
 * One fix per kind of weakness, in the order of the reasons, with the lines of Mozilla's intermediate
 * configuration (written by the ssl-config generator) that change it; and the whole configuration.
 */
export function fixesFor(reasons: StoredReason[], server: ReportServer): { fixes: Fix[]; text: string | null } {
  const byKind = new Map<FixKind, string[]>();
  for (const r of reasons) {
    const k = kindOf[r.key];
    if (!k) continue;
    byKind.set(k, [...(byKind.get(k) ?? []), r.key]);
  }
  if (!byKind.size) return { fixes: [], text: null };
  const { text } = generateSslConfig({ server: asSslServer(server), profile: 'intermediate', hsts: true, ocspStapling: true });
  const body = text.split('\n').filter((l) => !/^\s*(#|\/\/)\s*(generated|oldest supported)/.test(l));
  const fixes = [...byKind].map(([kind, keys]): Fix => {
    const re = linesFor[kind];
    let snippet = '';
    if (re) {
      const picked = wholeBlock.has(server) ? body : body.filter((l) => re.test(l));
      snippet = dedent(picked.length ? picked : body).join('\n').trim();
    }
    return { kind, reasons: keys, snippet };
  });
  return { fixes, text };
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut));
}

/**
 * The strictest of Mozilla's profiles whose protocols and suites contain everything the server accepts
 * (TLS 1.3 suites by IANA name, older ones by OpenSSL name, as the guidelines list them).
 */
export function matchProfile(protocols: Record<TlsVersion, boolean>, suites: { protocol: TlsVersion; suites: CipherSuiteInfo[] }[]): 'modern' | 'intermediate' | 'old' | null {
  const offered = (Object.keys(protocols) as TlsVersion[]).filter((v) => protocols[v]);
  if (!offered.length) return null;
  for (const profile of ['modern', 'intermediate', 'old'] as const) {
    const p = generateSslConfig({ server: 'nginx', profile });
    const fits =
      offered.every((v) => p.protocols.includes(v)) &&
      suites.every((group) =>
        group.suites.every((s) => (group.protocol === 'TLSv1.3' ? p.ciphersuites.includes(s.name) : p.opensslCiphers.includes(s.opensslName))),
      );
    if (fits) return profile;
  }
  return null;
}
