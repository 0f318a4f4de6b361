import { execFile } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const run = promisify(execFile);
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto }));

/** Every certificate of a PEM text, in order. */
export function pemBlocks(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
const derOf = (pem: string) => {
  const b = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};

/** True when the key is the certificate's (any PEM key format Node reads). */
export function keyMatches(certPem: string, keyPem: string): boolean {
  try {
    return new X509Certificate(certPem).checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}

/** The key as PKCS#8 DER whatever PEM form it came in (PKCS#1, SEC1, PKCS#8). */
function pkcs8Der(keyPem: string): ArrayBuffer {
  const b = createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'der' });
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

const friendly = (name: string) =>
  new pkijs.Attribute({ type: '1.2.840.113549.1.9.20', values: [new asn1js.BmpString({ value: name })] });
const localKeyId = (id: ArrayBuffer) => new pkijs.Attribute({ type: '1.2.840.113549.1.9.21', values: [new asn1js.OctetString({ valueHex: id })] });

/**
 * PKCS#12 as OpenSSL 3 writes it by default: the key in a PBES2 (PBKDF2-SHA-256, AES-256-CBC) shrouded bag,
 * the certificates in a PBES2-encrypted safe, and an HMAC-SHA-256 MAC. Opens in openssl, Windows and keytool.
 */
export async function buildPfx(certPem: string, chainPem: string, keyPem: string, password: string, alias = 'server'): Promise<Buffer> {
  const certs = [certPem, ...pemBlocks(chainPem)].map((p) => pkijs.Certificate.fromBER(derOf(p)));
  const keyId = await globalThis.crypto.subtle.digest('SHA-1', derOf(certPem));
  const params = { password: new TextEncoder().encode(password).buffer as ArrayBuffer, // pkijs draws its own random IV; the field is only there for the type.
    contentEncryptionAlgorithm: { name: 'AES-CBC' as const, length: 256, iv: new Uint8Array(16) }, hmacHashAlgorithm: 'SHA-256', iterationCount: 2048 };
  const keyBag = new pkijs.PKCS8ShroudedKeyBag({ parsedValue: pkijs.PrivateKeyInfo.fromBER(pkcs8Der(keyPem)) });
  await keyBag.makeInternalValues(params);
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            {
              privacyMode: 0,
              value: new pkijs.SafeContents({
                safeBags: [new pkijs.SafeBag({ bagId: '1.2.840.113549.1.12.10.1.2', bagValue: keyBag, bagAttributes: [friendly(alias), localKeyId(keyId)] })],
              }),
            },
            {
              privacyMode: 1,
              value: new pkijs.SafeContents({
                safeBags: certs.map(
                  (c, i) =>
                    new pkijs.SafeBag({
                      bagId: '1.2.840.113549.1.12.10.1.3',
                      bagValue: new pkijs.CertBag({ parsedValue: c }),
                      ...(i === 0 ? { bagAttributes: [friendly(alias), localKeyId(keyId)] } : {}),
                    }),
                ),
              }),
            },
          ],
        },
      }),
    },
  });
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new Error('PFX without a safe');
  await safe.makeInternalValues({ safeContents: [{}, params] });
  await pfx.makeInternalValues({ password: params.password, iterations: 2048, pbkdf2HashAlgorithm: 'SHA-256', hmacHashAlgorithm: 'SHA-256' });
  return Buffer.from(pfx.toSchema().toBER(false));
}

/**
 * A JKS made by Java's keytool from a temporary PKCS#12 (no npm package writes JKS). Passwords go through the
 * environment, never the command line, so `ps` does not show them; the folder is removed either way.
 */
export async function buildJks(certPem: string, chainPem: string, keyPem: string, password: string, alias = 'server', keytool = '/usr/bin/keytool'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cc-jks-'));
  try {
    const p12 = path.join(dir, 'in.p12');
    const jks = path.join(dir, 'out.jks');
    await writeFile(p12, await buildPfx(certPem, chainPem, keyPem, password, alias), { mode: 0o600 });
    await run(
      keytool,
      ['-importkeystore', '-noprompt', '-srckeystore', p12, '-srcstoretype', 'PKCS12', '-srcstorepass:env', 'CC_PW', '-destkeystore', jks, '-deststoretype', 'JKS',
        '-deststorepass:env', 'CC_PW', '-destkeypass:env', 'CC_PW', '-srcalias', alias, '-destalias', alias],
      { env: { ...process.env, CC_PW: password }, timeout: 30_000 },
    );
    return await readFile(jks);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
