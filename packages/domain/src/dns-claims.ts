/**
 * Who may host a zone here, as hosted-DNS providers settle it: a zone answers only once it is active, and it turns
 * active only on proof of control seen through public DNS (the parent's delegation to our nameservers, or a TXT
 * token only its claimant was given); a zone inside or enclosing another account's active zone is refused. Pure
 * rules: the server gathers what DNS and the database say and asks these.
 */

/** Where the TXT verification token of a zone is published, and the value it must carry. */
export const verificationLabel = '_certhub-challenge';
export const verificationHost = (zone: string) => `${verificationLabel}.${zone}`;
export const verificationValue = (token: string) => `certhub-verify=${token}`;

/** How two zone names relate: the same name, `a` inside `b`, `a` enclosing `b`, or apart. */
export function zoneRelation(a: string, b: string): 'same' | 'inside' | 'encloses' | null {
  if (a === b) return 'same';
  if (a.endsWith(`.${b}`)) return 'inside';
  if (b.endsWith(`.${a}`)) return 'encloses';
  return null;
}

/**
 * The key two claims that may overlap share: the last two labels. A zone name has at least two, and of two
 * overlapping names the longer ends with the shorter, so both end with the shorter's last two labels.
 */
export const claimLockKey = (zone: string) => `dns-zone|${zone.split('.').slice(-2).join('.')}`;

/** Another account's zone that overlaps the one being claimed. */
export interface RivalZone {
  name: string;
  status: 'pending' | 'active';
}

export interface ClaimFacts {
  zone: string;
  /** The parent delegates the zone to our nameservers (all of them ours, at least one). */
  delegated: boolean;
  /** The claimant's own TXT token was seen at verificationHost(zone). */
  tokenSeen: boolean;
  /** Other accounts' zones with the same name or inside or enclosing it. */
  rivals: RivalZone[];
  /**
   * Whose live zone of this name was last deleted here, if any: a delegation to our nameservers left behind is that
   * account's, proof for it (even over others' pending claims made since) and none for anyone else.
   */
  leftBy: 'me' | 'other' | null;
}

export type ClaimVerdict =
  | { active: true; proof: 'delegation' | 'token'; release: RivalZone[] }
  | { active: false; reason: 'overlap'; other: string; how: 'inside' | 'encloses' }
  | { active: false; reason: 'contested' | 'notProven' };

/**
 * Whether a claim turns active, and which other accounts' claims it releases then.
 *
 * - Another account's active zone inside or enclosing it: refused (only one account answers for a tree of names).
 * - The TXT token: proof that tells claimants apart (only this claimant was given it); it wins even over another
 *   account's active zone of the same name, since public DNS for the name now carries this claimant's token.
 * - The delegation alone: the same for every claimant (our nameservers are shared), so it decides only when nobody
 *   else claims the name and no other account left it delegated here, or when this claimant left it so itself and
 *   nobody holds it live since.
 */
export function judgeClaim(f: ClaimFacts): ClaimVerdict {
  const overlap = activeOverlap(f.zone, f.rivals);
  if (overlap) return { active: false, reason: 'overlap', ...overlap };
  const release = f.rivals.filter((r) => zoneRelation(f.zone, r.name) !== null);
  if (f.tokenSeen) return { active: true, proof: 'token', release };
  const same = f.rivals.filter((r) => r.name === f.zone);
  const byDelegation = f.leftBy === 'me' ? !same.some((r) => r.status === 'active') : f.leftBy === null && !same.length;
  if (f.delegated && byDelegation) return { active: true, proof: 'delegation', release };
  return { active: false, reason: f.delegated ? 'contested' : 'notProven' };
}

/**
 * Another account's active zone inside or enclosing this one: what refuses adding it and activating it. The same name
 * is not in it: that is a claim settled by proof, not a refusal, so a first comer cannot block the real holder.
 */
export function activeOverlap(zone: string, rivals: RivalZone[]): { other: string; how: 'inside' | 'encloses' } | null {
  for (const r of rivals) {
    const how = zoneRelation(zone, r.name);
    if (r.status === 'active' && (how === 'inside' || how === 'encloses')) return { other: r.name, how };
  }
  return null;
}
