import { execFile } from 'node:child_process';
import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildPkcs12 } from '@cc/pki/pkcs12';

const run = promisify(execFile);

/** Every certificate of a PEM text, in order. */
export function pemBlocks(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
const derOf = (pem: string) => new Uint8Array(Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'));

/** True when the key is the certificate's (any PEM key format Node reads). */
export function keyMatches(certPem: string, keyPem: string): boolean {
  try {
    return new X509Certificate(certPem).checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}

/** The key as PKCS#8 DER whatever PEM form it came in (PKCS#1, SEC1, PKCS#8). */
function pkcs8Der(keyPem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'der' }));
}

/**
 * PKCS#12 as OpenSSL 3 writes it by default, by the same writer as the console's conversion tool: the key in a
 * PBES2 (PBKDF2-SHA-256, AES-256-CBC) shrouded bag, the certificates in a PBES2-encrypted safe, and an HMAC-SHA-256
 * MAC. The alias is the friendly name of the key and the leaf. Opens in openssl, Windows and keytool, with any
 * Unicode password (BMPString for the MAC, UTF-8 for PBES2, as those tools expect).
 */
export async function buildPfx(certPem: string, chainPem: string, keyPem: string, password: string, alias = 'server'): Promise<Buffer> {
  const certs = [certPem, ...pemBlocks(chainPem)].map(derOf);
  return Buffer.from(await buildPkcs12(certs, pkcs8Der(keyPem), password, { encryption: 'aes-256', iterations: 2048, friendlyName: alias }));
}

/**
 * A JKS made by Java's keytool from a temporary PKCS#12 (no npm package writes JKS). Passwords go through the
 * environment, never the command line, so `ps` does not show them; the folder is removed either way.
 *
 * Java reads a PKCS#12 through PBE keys that refuse anything but printable ASCII, while JKS itself keys its
 * integrity check and key protection with the password's UTF-16 characters. So a password beyond ASCII goes
 * in as a random ASCII one and is set afterwards with -storepasswd and -keypasswd (keytool decodes it from the
 * environment in a UTF-8 locale).
 */
export async function buildJks(certPem: string, chainPem: string, keyPem: string, password: string, alias = 'server', keytool = '/usr/bin/keytool'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cc-jks-'));
  const ascii = /^[\x20-\x7e]+$/.test(password);
  const first = ascii ? password : randomBytes(18).toString('base64url');
  const env = { ...process.env, LC_ALL: 'C.UTF-8', CC_PW: password, CC_FIRST: first };
  const keytoolRun = (args: string[]) => run(keytool, args, { env, timeout: 30_000 });
  try {
    const p12 = path.join(dir, 'in.p12');
    const jks = path.join(dir, 'out.jks');
    await writeFile(p12, await buildPfx(certPem, chainPem, keyPem, first, alias), { mode: 0o600 });
    await keytoolRun(['-importkeystore', '-noprompt', '-srckeystore', p12, '-srcstoretype', 'PKCS12', '-srcstorepass:env', 'CC_FIRST', '-destkeystore', jks,
      '-deststoretype', 'JKS', '-deststorepass:env', 'CC_FIRST', '-destkeypass:env', 'CC_FIRST', '-srcalias', alias, '-destalias', alias]);
    if (!ascii) {
      await keytoolRun(['-storepasswd', '-keystore', jks, '-storetype', 'JKS', '-storepass:env', 'CC_FIRST', '-new:env', 'CC_PW']);
      await keytoolRun(['-keypasswd', '-alias', alias, '-keystore', jks, '-storetype', 'JKS', '-storepass:env', 'CC_PW', '-keypass:env', 'CC_FIRST', '-new:env', 'CC_PW']);
    }
    return await readFile(jks);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
