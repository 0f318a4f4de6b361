import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { RuleError, said } from '../purchase/rule-error.ts';
import type { OrdersContext } from '../orders/context.ts';
import type { OrderRow } from '../orders/queries.ts';
import { buildJks, buildPfx, keyMatches } from './keystores.ts';

export interface CertBundle {
  orderNo: string;
  commonName: string;
  cert: string;
  chain: string;
  fullchain: string;
  root: string;
  key: string | null;
  serial: string;
  notBefore: string;
  notAfter: string;
}

/** The order's current certificate, its chain, and the key when the server holds it. */
export async function certBundle(ctx: OrdersContext, o: OrderRow): Promise<CertBundle> {
  if (!o.certificate_id) throw new RuleError('INVALID_INPUT', said('orders.notIssued'));
  const [c] = await ctx.db.query<{ serial: string; cert_pem: string; chain_pem: string; root_pem: string | null; not_before: Date; not_after: Date; key_sealed: string | null }>(
    `SELECT c.serial, c.cert_pem, c.chain_pem, c.root_pem, c.not_before, c.not_after, o.private_key_sealed AS key_sealed
       FROM certificates c JOIN orders o ON o.id = c.order_id WHERE c.id = $1`,
    [o.certificate_id],
  );
  if (!c) throw new RuleError('INVALID_INPUT', said('orders.notIssued'));
  // NULL: the built-in CA's root of the brand; an ACME certificate keeps its own ('' when the CA names none).
  const rootPem = c.root_pem ?? (await ctx.ca.hierarchy(o.brand)).rootPem;
  let key = c.key_sealed ? ctx.box.open(c.key_sealed) : null;
  // After a re-sign with a new CSR and no key, the old key no longer fits the certificate.
  if (key && !keyMatches(c.cert_pem, key)) key = null;
  return {
    orderNo: o.order_no,
    commonName: o.common_name,
    cert: c.cert_pem,
    chain: c.chain_pem,
    fullchain: c.cert_pem + c.chain_pem,
    root: !rootPem || rootPem.endsWith('\n') ? rootPem : `${rootPem}\n`,
    key,
    serial: c.serial,
    notBefore: new Date(c.not_before).toISOString(),
    notAfter: new Date(c.not_after).toISOString(),
  };
}

/** The key for a keystore: the held one, or the one the caller gives, which must be the certificate's. */
export function keyFor(b: CertBundle, given: string | undefined): string {
  const key = given?.trim() || b.key;
  if (!key) throw new RuleError('INVALID_INPUT', said('orders.key.missing'), { key: said('orders.key.missing') });
  if (!keyMatches(b.cert, key)) throw new RuleError('INVALID_INPUT', said('orders.key.mismatch'), { key: said('orders.key.mismatch') });
  return key;
}

export const fileStem = (b: Pick<CertBundle, 'commonName' | 'orderNo'>) => (b.commonName.replace(/^\*\./, 'wildcard.').replace(/[^a-zA-Z0-9.-]+/g, '_') || b.orderNo);

export const pfx = (b: CertBundle, key: string, password: string) => buildPfx(b.cert, b.chain, key, password, 'server');
export const jks = (b: CertBundle, key: string, password: string) => buildJks(b.cert, b.chain, key, password, 'server');

/**
 * One folder per server type: nginx (fullchain + key), Apache (cert, chain, key), IIS (.pfx) and Tomcat (.jks).
 * Without a key (held by the server, or given for one order through keyFor) only the PEM files go in. With several orders each gets a folder named by its order number.
 */
export async function serverZip(bundles: CertBundle[], password: string | undefined): Promise<{ zip: Buffer; generatedPassword: string | null }> {
  const zip = new JSZip();
  const pw = password ?? randomBytes(9).toString('base64url');
  let usedPassword = false;
  for (const b of bundles) {
    const dir = bundles.length > 1 ? zip.folder(b.orderNo)! : zip;
    const stem = fileStem(b);
    dir.file(`nginx/${stem}_bundle.pem`, b.fullchain);
    dir.file(`apache/${stem}.crt`, b.cert);
    dir.file(`apache/${stem}_chain.crt`, b.chain);
    if (b.root) dir.file(`root/${stem}_root.crt`, b.root);
    if (b.key) {
      dir.file(`nginx/${stem}.key`, b.key);
      dir.file(`apache/${stem}.key`, b.key);
      dir.file(`iis/${stem}.pfx`, await pfx(b, b.key, pw));
      dir.file(`tomcat/${stem}.jks`, await jks(b, b.key, pw));
      usedPassword = true;
    }
  }
  const generated = usedPassword && !password ? pw : null;
  if (generated) zip.file('password.txt', `${generated}\n`);
  return { zip: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), generatedPassword: generated };
}
