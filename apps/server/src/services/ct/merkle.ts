import { createHash } from 'node:crypto';

/**
 * The Merkle tree of RFC 6962 §2.1 over leaf hashes: MTH, audit paths (PATH) and consistency proofs (PROOF), computed
 * from the leaf hashes the log stores. Leaves are hashed as SHA-256(0x00 || leaf), nodes as SHA-256(0x01 || l || r).
 */
const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

export const leafHash = (leafInput: Buffer) => sha256(Buffer.from([0]), leafInput);
const nodeHash = (l: Buffer, r: Buffer) => sha256(Buffer.from([1]), l, r);

/** The largest power of two smaller than n (n > 1). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[n]): the root over the given leaf hashes; SHA-256 of nothing for an empty tree. */
export function rootHash(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return leaves[0]!;
  const k = split(leaves.length);
  return nodeHash(rootHash(leaves.slice(0, k)), rootHash(leaves.slice(k)));
}

/** PATH(m, D[n]): the audit path of leaf m, nearest sibling first. */
export function auditPath(m: number, leaves: Buffer[]): Buffer[] {
  if (leaves.length <= 1) return [];
  const k = split(leaves.length);
  if (m < k) return [...auditPath(m, leaves.slice(0, k)), rootHash(leaves.slice(k))];
  return [...auditPath(m - k, leaves.slice(k)), rootHash(leaves.slice(0, k))];
}

function subproof(m: number, leaves: Buffer[], whole: boolean): Buffer[] {
  const n = leaves.length;
  if (m === n) return whole ? [] : [rootHash(leaves)];
  const k = split(n);
  if (m <= k) return [...subproof(m, leaves.slice(0, k), whole), rootHash(leaves.slice(k))];
  return [...subproof(m - k, leaves.slice(k), false), rootHash(leaves.slice(0, k))];
}

/** PROOF(m, D[n]): that the tree of the first m leaves is a prefix of the tree of n (0 < m ≤ n). */
export function consistencyProof(m: number, leaves: Buffer[]): Buffer[] {
  if (m <= 0 || m >= leaves.length) return [];
  return subproof(m, leaves, true);
}
