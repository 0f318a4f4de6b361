import 'reflect-metadata';
import { createHash, createPrivateKey, generateKeyPairSync, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import type { Db, Queryable } from '@cc/db/client';
import type { CtEntry, CtSth } from '@cc/contracts/ct';
import { fail } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { describeCertificate } from '../tls-report/chain.ts';
import { enqueue } from '../jobs/queue.ts';
import { auditPath, consistencyProof, leafHash, rootHash } from './merkle.ts';

/**
 * The built-in Certificate Transparency log (RFC 6962): entries in the database in log order, a Merkle tree over their
 * leaf hashes, tree heads and SCTs signed with the log's ECDSA P-256 key (sealed in the database, shared by every
 * instance). The built-in CA submits every certificate it issues (adapters/ca/builtin.ts); anyone may submit chains
 * that end in one of its roots through /ct/v1/add-chain and add-pre-chain. Entries are in the tree as soon as they
 * are added (the merge delay is nil), so an SCT's entry is in the next tree head.
 */

/** The CT poison extension of a precertificate (RFC 6962 §3.1). */
export const poisonOid = '1.3.6.1.4.1.11129.2.4.3';
/** get-entries answers at most this many entries per call. */
export const maxEntriesPerCall = 256;

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const opaque24 = (b: Buffer) => Buffer.concat([u24(b.length), b]);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
const buf = (b: Buffer | Uint8Array) => Buffer.from(b);

interface LogKey {
  key: KeyObject;
  publicDer: Buffer;
  /** The log's id: SHA-256 of its public key (RFC 6962 §3.2). */
  logId: Buffer;
}

const keys = new WeakMap<Queryable, Promise<LogKey>>();

/** The log's key, made by whichever instance asks first (the row is the lock: the loser reads the winner's). */
export function logKey(db: Queryable, box: SecretBox): Promise<LogKey> {
  let p = keys.get(db);
  if (!p) {
    p = (async () => {
      const [have] = await db.query(`SELECT 1 FROM ct_log WHERE id = 1`);
      if (!have) {
        const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        const pkcs8 = pair.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
        const spki = pair.publicKey.export({ type: 'spki', format: 'der' });
        await db.query(`INSERT INTO ct_log (id, key_sealed, public_der) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`, [box.seal(pkcs8), spki]);
      }
      const [row] = await db.query<{ key_sealed: string; public_der: Buffer | Uint8Array }>(`SELECT key_sealed, public_der FROM ct_log WHERE id = 1`);
      const key = createPrivateKey({ key: Buffer.from(box.open(row!.key_sealed), 'base64'), format: 'der', type: 'pkcs8' });
      const publicDer = buf(row!.public_der);
      return { key, publicDer, logId: sha256(publicDer) };
    })();
    p.catch(() => keys.delete(db));
    keys.set(db, p);
  }
  return p;
}

/** DigitallySigned (RFC 5246 §4.7) with SHA-256 (4) and ECDSA (3). */
const digitallySigned = (k: LogKey, data: Buffer) => {
  const sig = sign('sha256', data, k.key);
  return Buffer.concat([u8(4), u8(3), u16(sig.length), sig]);
};

type EntryType = 'x509' | 'precert';

/**
 * TimestampedEntry's body after the timestamp: entry type and signed entry (the certificate, or for a precertificate
 * the issuer's key hash and the TBSCertificate without the poison), then no extensions.
 */
function signedEntry(type: EntryType, leaf: X509Certificate, issuer: X509Certificate | undefined): Buffer {
  if (type === 'x509') return Buffer.concat([u16(0), opaque24(leaf.raw), u16(0)]);
  const issuerKeyHash = sha256(issuer!.publicKey.export({ type: 'spki', format: 'der' }));
  const cert = AsnConvert.parse(leaf.raw, Certificate);
  const tbs = cert.tbsCertificate;
  if (tbs.extensions) {
    const kept = tbs.extensions.filter((e) => e.extnID !== poisonOid);
    tbs.extensions.splice(0, tbs.extensions.length, ...kept);
  }
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  return Buffer.concat([u16(1), issuerKeyHash, opaque24(tbsDer), u16(0)]);
}

/** MerkleTreeLeaf (version 0, timestamped_entry); the SCT signs the very same bytes (sct_version 0, certificate_timestamp). */
const leafInputOf = (timestamp: number, entry: Buffer) => Buffer.concat([u8(0), u8(0), u64(timestamp), entry]);

/** extra_data of get-entries: the chain without the leaf, and for a precertificate the precertificate before it. */
function extraDataOf(type: EntryType, chain: X509Certificate[]): Buffer {
  const rest = Buffer.concat(chain.slice(1).map((c) => opaque24(c.raw)));
  const list = opaque24(rest);
  return type === 'x509' ? list : Buffer.concat([opaque24(chain[0]!.raw), list]);
}

const hasPoison = (c: X509Certificate) => (AsnConvert.parse(c.raw, Certificate).tbsCertificate.extensions ?? []).some((e) => e.extnID === poisonOid);

/** The roots the log accepts: the built-in CA's root of every brand. */
export async function acceptedRoots(q: Queryable): Promise<X509Certificate[]> {
  const rows = await q.query<{ cert_pem: string }>(`SELECT cert_pem FROM ca_keys WHERE kind = 'root' ORDER BY brand`);
  return rows.map((r) => new X509Certificate(r.cert_pem));
}

/** Each certificate is signed by the next, and the last is an accepted root or signed by one (RFC 6962 §4.1). */
async function checkChain(q: Queryable, chain: X509Certificate[]): Promise<void> {
  for (let i = 0; i + 1 < chain.length; i++) {
    if (!chain[i]!.checkIssued(chain[i + 1]!) || !chain[i]!.verify(chain[i + 1]!.publicKey)) throw fail('CT_BAD_CHAIN');
  }
  const roots = await acceptedRoots(q);
  const last = chain[chain.length - 1]!;
  const anchored = roots.some((r) => r.fingerprint256 === last.fingerprint256 || (last.checkIssued(r) && last.verify(r.publicKey)));
  if (!anchored) throw fail('CT_BAD_CHAIN');
}

function parseChain(derChain: Buffer[]): X509Certificate[] {
  if (!derChain.length) throw fail('CT_BAD_CHAIN');
  try {
    return derChain.map((d) => new X509Certificate(d));
  } catch {
    throw fail('CT_BAD_CHAIN');
  }
}

export interface Sct {
  sct_version: number;
  id: string;
  timestamp: number;
  extensions: string;
  signature: string;
}

/** Lower-case hex without leading zeros: how serials are compared across the log, the CA and the scanner. */
export const serialKey = (s: string) => s.toLowerCase().replace(/^0+/, '');

/**
 * Adds a chain (leaf first) to the log and answers its SCT. The same certificate submitted again answers an SCT of
 * its first timestamp. `fromCa` marks entries the built-in CA made while issuing (the monitor lets them settle).
 */
export async function submitChain(db: Db, box: SecretBox, derChain: Buffer[], type: EntryType, fromCa = false): Promise<Sct> {
  const chain = parseChain(derChain);
  const leaf = chain[0]!;
  if (hasPoison(leaf) !== (type === 'precert')) throw fail('CT_BAD_CHAIN');
  if (type === 'precert' && chain.length < 2) throw fail('CT_BAD_CHAIN');
  await checkChain(db, chain);
  const k = await logKey(db, box);
  const entry = signedEntry(type, leaf, chain[1]);
  const d = describeCertificate(leaf);
  const names = [
    ...new Set(
      d.sans
        .filter((s) => s.startsWith('DNS:'))
        .map((s) => s.slice(4).toLowerCase().replace(/^\*\./, ''))
        .concat(/CN=([^,/]+)/.exec(leaf.subject.replace(/\n/g, ','))?.[1]?.toLowerCase().replace(/^\*\./, '') ?? [])
        .filter((n) => /^[a-z0-9.-]+$/.test(n)),
    ),
  ];
  const timestamp = await db.tx(async (q) => {
    // The lock first: two submissions of one certificate at once find the first one's entry, not a unique violation.
    const [log] = await q.query<{ tree_size: string | number }>(`SELECT tree_size FROM ct_log WHERE id = 1 FOR UPDATE`);
    const [dup] = await q.query<{ timestamp_ms: string | number }>(`SELECT timestamp_ms FROM ct_entries WHERE entry_type = $1 AND sha256 = $2`, [type, d.sha256]);
    if (dup) return Number(dup.timestamp_ms);
    const idx = Number(log!.tree_size);
    const ts = Date.now();
    const input = leafInputOf(ts, entry);
    await q.query(
      `INSERT INTO ct_entries (idx, leaf_hash, leaf_input, extra_data, entry_type, timestamp_ms, sha256, serial, subject, issuer, names, not_before, not_after, from_ca)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14)`,
      [idx, leafHash(input), input, extraDataOf(type, chain), type, ts, d.sha256, serialKey(d.serial), d.subject, d.issuer, JSON.stringify(names), d.notBefore, d.notAfter, fromCa],
    );
    if (names.length) await q.query(`INSERT INTO ct_entry_names (idx, name) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [idx, names]);
    await q.query(`UPDATE ct_log SET tree_size = tree_size + 1 WHERE id = 1`);
    // The monitor looks at it for every account's names (services/ct/monitor.ts).
    await enqueue(q, 'ct.monitor', {}, { dedupeKey: 'ct.monitor' });
    return ts;
  });
  const signature = digitallySigned(k, Buffer.concat([u8(0), u8(0), u64(timestamp), entry]));
  return { sct_version: 0, id: k.logId.toString('base64'), timestamp, extensions: '', signature: signature.toString('base64') };
}

async function treeSize(q: Queryable): Promise<number> {
  const [r] = await q.query<{ tree_size: string | number }>(`SELECT tree_size FROM ct_log WHERE id = 1`);
  return Number(r?.tree_size ?? 0);
}

async function leafHashes(q: Queryable, size: number): Promise<Buffer[]> {
  const rows = await q.query<{ leaf_hash: Buffer | Uint8Array }>(`SELECT leaf_hash FROM ct_entries WHERE idx < $1 ORDER BY idx`, [size]);
  return rows.map((r) => buf(r.leaf_hash));
}

/** The signed head of the tree as it is now; signed once per size and kept. */
export async function currentSth(db: Db, box: SecretBox): Promise<CtSth> {
  const k = await logKey(db, box);
  const size = await treeSize(db);
  type SthRow = { timestamp_ms: string | number; root_hash: Buffer | Uint8Array; signature: Buffer | Uint8Array };
  let [row] = await db.query<SthRow>(`SELECT timestamp_ms, root_hash, signature FROM ct_sths WHERE tree_size = $1`, [size]);
  if (!row) {
    const root = rootHash(await leafHashes(db, size));
    const ts = Date.now();
    const signature = digitallySigned(k, Buffer.concat([u8(0), u8(1), u64(ts), u64(size), root]));
    await db.query(`INSERT INTO ct_sths (tree_size, timestamp_ms, root_hash, signature) VALUES ($1, $2, $3, $4) ON CONFLICT (tree_size) DO NOTHING`, [size, ts, root, signature]);
    [row] = await db.query<SthRow>(`SELECT timestamp_ms, root_hash, signature FROM ct_sths WHERE tree_size = $1`, [size]);
  }
  return {
    tree_size: size,
    timestamp: Number(row!.timestamp_ms),
    sha256_root_hash: buf(row!.root_hash).toString('base64'),
    tree_head_signature: buf(row!.signature).toString('base64'),
  };
}

/** Entries start..end inclusive (RFC 6962 §4.6), at most maxEntriesPerCall, cut at the tree's end. */
export async function getEntries(q: Queryable, start: number, end: number): Promise<{ leaf_input: string; extra_data: string }[]> {
  const size = await treeSize(q);
  if (start > end || start >= size) throw fail('CT_BAD_RANGE');
  const last = Math.min(end, size - 1, start + maxEntriesPerCall - 1);
  const rows = await q.query<{ leaf_input: Buffer | Uint8Array; extra_data: Buffer | Uint8Array }>(
    `SELECT leaf_input, extra_data FROM ct_entries WHERE idx BETWEEN $1 AND $2 ORDER BY idx`,
    [start, last],
  );
  return rows.map((r) => ({ leaf_input: buf(r.leaf_input).toString('base64'), extra_data: buf(r.extra_data).toString('base64') }));
}

/** The audit path of the leaf with this hash in the tree of `size` leaves (RFC 6962 §4.5). */
export async function proofByHash(q: Queryable, hash: Buffer, size: number): Promise<{ leaf_index: number; audit_path: string[] }> {
  if (size < 1 || size > (await treeSize(q))) throw fail('CT_BAD_RANGE');
  const [r] = await q.query<{ idx: string | number }>(`SELECT idx FROM ct_entries WHERE leaf_hash = $1 AND idx < $2 ORDER BY idx LIMIT 1`, [hash, size]);
  if (!r) throw fail('CT_NOT_FOUND');
  const index = Number(r.idx);
  return { leaf_index: index, audit_path: auditPath(index, await leafHashes(q, size)).map((h) => h.toString('base64')) };
}

/** That the tree of `first` leaves is a prefix of the tree of `second` (RFC 6962 §4.4). */
export async function consistency(q: Queryable, first: number, second: number): Promise<string[]> {
  if (first < 0 || first > second || second > (await treeSize(q))) throw fail('CT_BAD_RANGE');
  if (first === 0) return [];
  return consistencyProof(first, await leafHashes(q, second)).map((h) => h.toString('base64'));
}

/** The log's public key and id, for verifying SCTs and tree heads (what a log list publishes). */
export async function logInfo(db: Db, box: SecretBox): Promise<{ log_id: string; key: string; mmd: number }> {
  const k = await logKey(db, box);
  return { log_id: k.logId.toString('base64'), key: k.publicDer.toString('base64'), mmd: 0 };
}

type EntryRow = { idx: string | number; timestamp_ms: string | number; entry_type: EntryType; sha256: string; serial: string; subject: string; issuer: string; names: string[]; not_before: Date; not_after: Date };

export const toCtEntry = (r: EntryRow): Omit<CtEntry, 'managed' | 'orderNo'> => ({
  idx: Number(r.idx),
  loggedAt: new Date(Number(r.timestamp_ms)).toISOString(),
  entryType: r.entry_type,
  sha256: r.sha256,
  serial: r.serial,
  subject: r.subject,
  issuer: r.issuer,
  names: r.names,
  notBefore: new Date(r.not_before).toISOString(),
  notAfter: new Date(r.not_after).toISOString(),
});
export type { EntryRow as CtEntryRow };
