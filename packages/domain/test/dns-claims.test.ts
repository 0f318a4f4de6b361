import { describe, expect, it } from 'vitest';
import { activeOverlap, claimLockKey, judgeClaim, zoneRelation, type ClaimFacts, type RivalZone } from '../src/dns-claims.ts';

describe('who may host a zone', () => {
  it.each([
    ['a.example', 'a.example', 'same'],
    ['www.a.example', 'a.example', 'inside'],
    ['a.example', 'shop.a.example', 'encloses'],
    ['ba.example', 'a.example', null],
    ['a.example', 'b.example', null],
  ] as const)('%s and %s: %s', (a, b, how) => {
    expect(zoneRelation(a, b)).toBe(how);
  });

  it('locks overlapping names together', () => {
    expect(claimLockKey('x.y.shop.a.example')).toBe(claimLockKey('a.example'));
    expect(claimLockKey('a.example')).not.toBe(claimLockKey('b.example'));
  });

  const pending = (name: string): RivalZone => ({ name, status: 'pending' });
  const active = (name: string): RivalZone => ({ name, status: 'active' });
  const facts = (o: Partial<ClaimFacts>): ClaimFacts => ({ zone: 'a.example', delegated: false, tokenSeen: false, rivals: [], leftBy: null, ...o });

  it.each<[string, Partial<ClaimFacts>, ReturnType<typeof judgeClaim>]>([
    ['nothing seen', {}, { active: false, reason: 'notProven' }],
    ['the delegation, nobody else claiming', { delegated: true }, { active: true, proof: 'delegation', release: [] }],
    ['the delegation, another claim of the name', { delegated: true, rivals: [pending('a.example')] }, { active: false, reason: 'contested' }],
    ['the delegation, another account\'s live zone of the name', { delegated: true, rivals: [active('a.example')] }, { active: false, reason: 'contested' }],
    ['the delegation another account left behind', { delegated: true, leftBy: 'other' }, { active: false, reason: 'contested' }],
    ['the delegation it left behind itself, over a claim made since', { delegated: true, leftBy: 'me', rivals: [pending('a.example')] }, { active: true, proof: 'delegation', release: [pending('a.example')] }],
    ['the token, over a live zone of the name and a claim inside', { tokenSeen: true, rivals: [active('a.example'), pending('www.a.example')] }, { active: true, proof: 'token', release: [active('a.example'), pending('www.a.example')] }],
    ['the delegation, with claims inside and around it', { zone: 'shop.a.example', delegated: true, rivals: [pending('a.example'), pending('x.shop.a.example')] }, { active: true, proof: 'delegation', release: [pending('a.example'), pending('x.shop.a.example')] }],
    ['anything, inside another account\'s live zone', { zone: 'www.a.example', tokenSeen: true, delegated: true, rivals: [active('a.example')] }, { active: false, reason: 'overlap', other: 'a.example', how: 'inside' }],
    ['anything, around another account\'s live zone', { tokenSeen: true, rivals: [active('shop.a.example')] }, { active: false, reason: 'overlap', other: 'shop.a.example', how: 'encloses' }],
  ])('%s', (_what, f, verdict) => {
    expect(judgeClaim(facts(f))).toEqual(verdict);
  });

  it('refuses adding a zone only against another account\'s live zone inside or around it', () => {
    expect(activeOverlap('www.a.example', [pending('a.example')])).toBeNull();
    expect(activeOverlap('a.example', [active('a.example')])).toBeNull();
    expect(activeOverlap('www.a.example', [active('a.example')])).toEqual({ other: 'a.example', how: 'inside' });
    expect(activeOverlap('a.example', [pending('b.example'), active('x.a.example')])).toEqual({ other: 'x.a.example', how: 'encloses' });
  });
});
