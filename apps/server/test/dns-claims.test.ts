import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@cc/contracts/errors';
import type { DnsRecordsAnswer, DnsZone } from '@cc/contracts/dns';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, markPaid } from './orders-helpers.ts';
import { startDnsWorld, type DnsWorld } from './dns-helpers.ts';
import { startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { hostZone } from '../src/services/dns/zones.ts';

/**
 * Who may host a name (issue 42, defect 1), as a customer meets it: public DNS (a world of parents and providers on
 * loopback, dns-helpers.ts) and our built-in DNS server asked with dig. A stranger's zone inside or around a live zone
 * is refused and never answers for its names; a pending claim answers nothing; two claims of one name are settled by
 * proof of control (the parent's delegation, or the TXT token), the loser told; a delegation left behind by a deleted
 * zone proves nothing to a newcomer; the DCV autopilot never publishes where our servers would not answer it from.
 * Two claims decided at once: dns-race.test.ts (PostgreSQL).
 */

const run = promisify(execFile);
let t: TestApp;
let world: DnsWorld;
let dns: AuthoritativeDns;

type Api = ReturnType<typeof client>;
let alice: Api;
let aliceId = 0;
let bob: Api;

async function dig(name: string, type: string) {
  const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(dns.port), name, type, '+norecurse', '+time=5', '+tries=1']);
  const answers = stdout
    .split('\n')
    .filter((l) => l && !l.startsWith(';'))
    .map((l) => l.split(/\s+/));
  return {
    status: /status: (\w+)/.exec(stdout)?.[1] ?? '',
    aa: /flags: [^;]*\baa\b/.test(stdout),
    values: answers.filter((a) => a[3] === type).map((a) => a.slice(4).join(' ')),
    soa: answers.find((a) => a[3] === 'SOA')?.[0] ?? null,
  };
}

const addZone = async (api: Api, zone: string, lang: 'zh' | 'en' = 'en') => api.post('/dm-serv/v1/dns/zones', { zone }, { lang });
const zoneOf = async (api: Api, zone: string) => (await api.get(`/dm-serv/v1/dns/zones/${zone}/records`, { lang: 'en' })).body.data as DnsRecordsAnswer | null;
const check = async (api: Api, zone: string) => api.post(`/dm-serv/v1/dns/zones/${zone}/check`, {}, { lang: 'en' });
async function addRecord(api: Api, zone: string, host: string, type: string, value: string) {
  const z = await zoneOf(api, zone);
  return api.post('/dm-serv/v1/domains/records', { zone, baseSerial: z?.zone.serial ?? 0, records: [{ host, type, value, ttl: 300 }] });
}
/** A zone delegated to our nameservers, added and checked by `api`: live. */
async function liveZone(api: Api, zone: string) {
  world.delegate(zone);
  const r = await addZone(api, zone);
  expect(r.body.code, r.body.msg).toBe(200);
  expect(((await check(api, zone)).body.data as DnsZone).status).toBe('active');
}
const messages = async (api: Api) =>
  ((await api.get('/v1/siteMsg', { lang: 'en' })).body.data as { siteMsges: { kind: string; title: string; content: string; link: string | null }[] }).siteMsges;

beforeAll(async () => {
  world = await startDnsWorld();
  t = await startTestApp(world.env);
  dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  await addProducts(t.app, [testProducts.dv]);
  const a = await newAccount(t.app, 50_000_000);
  aliceId = a.id;
  alice = client(t.app, a.token);
  bob = client(t.app, (await newAccount(t.app, 50_000_000)).token);
});

afterAll(async () => {
  await dns?.close();
  await t?.close();
  await world?.close();
});

describe('a zone inside or around another account\'s live zone', () => {
  const zone = 'alice-shop.example';
  beforeAll(async () => {
    await liveZone(alice, zone);
    expect((await addRecord(alice, zone, 'www', 'A', '192.0.2.30')).body.code).toBe(200);
  });

  it('is refused, and dig keeps answering the zone holder\'s records for every name in it', async () => {
    // Bob adds a zone for a name inside Alice's and gives it his address, as far as he is let.
    const tried = [];
    for (const sub of [`www.${zone}`, `shop.${zone}`]) {
      tried.push(await addZone(bob, sub));
      await addRecord(bob, sub, '@', 'A', '203.0.113.66');
    }
    const www = await dig(`www.${zone}`, 'A');
    expect([www.status, www.aa, www.values]).toEqual(['NOERROR', true, ['192.0.2.30']]);
    const shop = await dig(`shop.${zone}`, 'A');
    expect([shop.status, shop.values, shop.soa]).toEqual(['NXDOMAIN', [], `${zone}.`]);
    for (const [i, sub] of [`www.${zone}`, `shop.${zone}`].entries()) {
      expect(tried[i]!.body.code).toBe(errorCodes.DNS_ZONE_OVERLAP);
      expect(tried[i]!.body.msg).toBe(`${sub} lies inside ${zone}, which another account hosts here and is live: only the holder of ${zone} can host names inside it`);
    }
    expect((await addZone(bob, `shop.${zone}`, 'zh')).body.msg).toBe(`shop.${zone} 位于 ${zone} 之内，而 ${zone} 已由另一个账户在本平台托管并生效：只有 ${zone} 的持有者能托管其下的域名`);
  });

  it('refuses a zone enclosing another account\'s live zone, with the reason', async () => {
    await liveZone(alice, 'live.enclosed.example');
    const r = await addZone(bob, 'enclosed.example');
    expect([r.body.code, r.body.msg]).toEqual([
      errorCodes.DNS_ZONE_OVERLAP,
      'enclosed.example encloses live.enclosed.example, which another account hosts here and is live: a zone cannot take in another account\'s names',
    ]);
  });

  it('never gets a stranger a certificate for the holder\'s name through the DCV autopilot', async () => {
    const name = `www.${zone}`;
    // Bob tries the sub-zone trick, then orders a DV certificate for Alice's name with the autopilot on.
    await addZone(bob, name);
    const r = await bob.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(name), commonName: name });
    expect(r.body.code, r.body.msg).toBe(200);
    const orderNo = String(r.body.data);
    await markPaid(t.app, orderNo);
    await drainAll(t.app);
    const list = (await bob.get(`/v1/orders/domainList/${orderNo}`)).body.data as { orderStatus: number; domains: { hostedZone: string | null }[] };
    expect([list.orderStatus, list.domains[0]!.hostedZone]).toEqual([1002, null]);
    expect(JSON.stringify((await bob.get(`/v1/orders/detail/${orderNo}`, { lang: 'en' })).body.data)).not.toContain('published in the hosted zone');
    // Nothing was written into Alice's zone, and nothing but her record answers.
    expect((await zoneOf(alice, zone))!.records.filter((x) => !x.system).map((x) => `${x.host} ${x.type}`)).toEqual(['www A']);
    expect((await dig(`_dnsauth.${name}`, 'TXT')).values).toEqual([]);
    const hint = (await bob.get(`/v1/orders/dcvAutopilot?names=${name}`)).body.data as { names: { zone: string | null }[] };
    expect(hint.names[0]!.zone).toBeNull();
  });
});

describe('a pending claim', () => {
  it('answers REFUSED until its control is proven, then answers', async () => {
    const zone = 'not-yet.example';
    const r = await addZone(alice, zone);
    const z = r.body.data as DnsZone;
    expect(z).toMatchObject({ status: 'pending', verification: { host: `_certhub-challenge.${zone}`, type: 'TXT' } });
    expect(z.verification.value).toMatch(/^certhub-verify=[0-9a-f]{32}$/);
    expect(z.checkNote).toBe(`No proof of control yet: the parent delegates ${zone} to no nameserver we could see (or the lookup failed), and the TXT verification record was not found`);
    expect((await addRecord(alice, zone, 'www', 'A', '192.0.2.40')).body.code).toBe(200);
    for (const [name, type] of [[zone, 'SOA'], [zone, 'NS'], [`www.${zone}`, 'A']] as const) {
      const d = await dig(name, type);
      expect([name, type, d.status, d.aa, d.values]).toEqual([name, type, 'REFUSED', false, []]);
    }
    // Delegated elsewhere: the parent's answer is shown, and the zone stays pending.
    world.delegate(zone, ['ns1.other-provider.example', 'ns2.other-provider.example']);
    const seen = (await check(alice, zone)).body.data as DnsZone;
    expect([seen.status, seen.delegationSeen]).toEqual(['pending', ['ns1.other-provider.example', 'ns2.other-provider.example']]);
    expect(seen.checkNote).toContain('(seen: ns1.other-provider.example, ns2.other-provider.example)');
    world.delegate(zone);
    const live = (await check(alice, zone)).body.data as DnsZone;
    expect([live.status, live.checkNote, live.delegationSeen]).toEqual(['active', '', ['ns1.certhub.local', 'ns2.certhub.local']]);
    expect((await dig(`www.${zone}`, 'A')).values).toEqual(['192.0.2.40']);
  });

  it('inside another account\'s pending zone is released, with a message, when that zone is proven', async () => {
    const zone = 'later.example';
    expect((await addZone(alice, zone)).body.data).toMatchObject({ status: 'pending' });
    // Alice's zone is not live yet, so Bob's claim inside it is no refusal; it answers nothing either.
    const b = await addZone(bob, `shop.${zone}`);
    expect([b.body.code, (b.body.data as DnsZone).status]).toEqual([200, 'pending']);
    await addRecord(bob, `shop.${zone}`, '@', 'A', '203.0.113.66');
    expect((await dig(`shop.${zone}`, 'A')).status).toBe('REFUSED');
    world.delegate(zone);
    expect(((await check(alice, zone)).body.data as DnsZone).status).toBe('active');
    expect((await check(bob, `shop.${zone}`)).body.code).toBe(errorCodes.DNS_ZONE_NOT_FOUND);
    const released = (await messages(bob)).find((m) => m.kind === 'dnsZoneReleased');
    expect(released).toMatchObject({ title: `DNS hosting of shop.${zone} released`, link: '/domain/dns' });
    expect(released!.content).toContain(`Another account proved control of ${zone}`);
    const shop = await dig(`shop.${zone}`, 'A');
    expect([shop.status, shop.soa]).toEqual(['NXDOMAIN', `${zone}.`]);
  });
});

describe('two accounts claiming one name', () => {
  it('does not let a first comer block the holder: the TXT token the holder publishes settles it', async () => {
    const zone = 'squatted.example';
    world.elsewhere(zone);
    // Bob claims the name first; Alice, whose DNS is still at another provider, claims it too.
    expect((await addZone(bob, zone)).body.data).toMatchObject({ status: 'pending' });
    const a = await addZone(alice, zone);
    expect(a.body.code, a.body.msg).toBe(200);
    const token = (a.body.data as DnsZone).verification;
    // Bob's own token does not prove anything for Alice, nor Alice's for Bob.
    world.publish(token.host, 'TXT', token.value);
    expect(((await check(bob, zone)).body.data as DnsZone).status).toBe('pending');
    expect(((await check(alice, zone)).body.data as DnsZone).status).toBe('active');
    expect((await zoneOf(bob, zone))).toBeNull();
    expect((await messages(bob)).some((m) => m.kind === 'dnsZoneReleased' && m.title === `DNS hosting of ${zone} released`)).toBe(true);
    await addRecord(alice, zone, 'www', 'A', '192.0.2.50');
    world.delegate(zone);
    expect((await dig(`www.${zone}`, 'A')).values).toEqual(['192.0.2.50']);
  });

  it('takes the delegation alone as no proof while another account claims the name: it tells claimants nothing apart', async () => {
    const zone = 'both-claim.example';
    world.delegate(zone);
    expect(((await addZone(bob, zone)).body.data as DnsZone).status).toBe('active');
    await addRecord(bob, zone, 'www', 'A', '203.0.113.66');
    // Alice claims a name Bob holds live: a claim, pending, which the delegation (the same for both) does not settle.
    const a = (await addZone(alice, zone)).body.data as DnsZone;
    expect(a.status).toBe('pending');
    expect(a.checkNote).toMatch(new RegExp(`^${zone.replace(/\./g, '\\.')} is delegated to our nameservers, but another account claims it too`));
    expect((await dig(`www.${zone}`, 'A')).values).toEqual(['203.0.113.66']);
    // Alice proves control the way the note says: the domain points for a while to a DNS where she publishes her token.
    world.undelegate(zone);
    world.elsewhere(zone);
    world.publish(a.verification.host, 'TXT', a.verification.value);
    expect(((await check(alice, zone)).body.data as DnsZone).status).toBe('active');
    world.delegate(zone);
    await addRecord(alice, zone, 'www', 'A', '192.0.2.60');
    expect((await dig(`www.${zone}`, 'A')).values).toEqual(['192.0.2.60']);
    expect((await zoneOf(bob, zone))).toBeNull();
  });

  it('takes a delegation left behind by a deleted zone as no proof for a newcomer, and as proof for its holder', async () => {
    const zone = 'left-behind.example';
    world.delegate(zone);
    expect(((await addZone(alice, zone)).body.data as DnsZone).status).toBe('active');
    expect((await alice.del(`/dm-serv/v1/dns/zones/${zone}`)).body.code).toBe(200);
    // The registrar still points the domain at our nameservers. Bob adds it: it stays a claim, and answers nothing.
    const b = (await addZone(bob, zone)).body.data as DnsZone;
    expect(b.status).toBe('pending');
    await addRecord(bob, zone, 'www', 'A', '203.0.113.66');
    expect((await dig(`www.${zone}`, 'A')).status).toBe('REFUSED');
    // Alice comes back: not blocked, and her own delegation proves it; Bob's claim is released.
    expect(((await addZone(alice, zone)).body.data as DnsZone).status).toBe('active');
    expect((await zoneOf(bob, zone))).toBeNull();
    const www = await dig(`www.${zone}`, 'A');
    expect([www.status, www.values]).toEqual(['NXDOMAIN', []]);
  });
});

describe('a domain registered here', () => {
  it('releases other accounts\' claims of the name and of names inside it, each told, and answers the registrant\'s zone', async () => {
    const zone = 'registered-here.example';
    // Before Alice registered the name, its DNS elsewhere delegated a name inside it to our nameservers, and Bob's
    // zone of that name went live; Bob also claimed the name itself.
    world.elsewhere(zone);
    world.delegate(`shop.${zone}`);
    expect((await addZone(bob, `shop.${zone}`)).body.data).toMatchObject({ status: 'active' });
    await addRecord(bob, `shop.${zone}`, '@', 'A', '203.0.113.66');
    expect((await addZone(bob, zone)).body.data).toMatchObject({ status: 'pending' });
    // The registration commits: the registry says the name is Alice's.
    await t.app.db.tx((tx) => hostZone(tx, { accountId: aliceId, name: zone }));
    expect((await zoneOf(alice, zone))!.zone).toMatchObject({ status: 'active', origin: 'registered' });
    expect([await zoneOf(bob, zone), await zoneOf(bob, `shop.${zone}`)]).toEqual([null, null]);
    const told = (await messages(bob)).filter((m) => m.kind === 'dnsZoneReleased').map((m) => m.title);
    expect(told).toEqual(expect.arrayContaining([`DNS hosting of ${zone} released`, `DNS hosting of shop.${zone} released`]));
    const shop = await dig(`shop.${zone}`, 'A');
    expect([shop.status, shop.soa]).toEqual(['NXDOMAIN', `${zone}.`]);
  });
});

describe('the DCV autopilot', () => {
  it('publishes nothing in a pending zone of the order\'s own account, and says no zone holds the name', async () => {
    const zone = 'pending-own.example';
    await addZone(alice, zone);
    const name = `www.${zone}`;
    const r = await alice.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(name), commonName: name });
    const orderNo = String(r.body.data);
    await markPaid(t.app, orderNo);
    await drainAll(t.app);
    const list = (await alice.get(`/v1/orders/domainList/${orderNo}`)).body.data as { orderStatus: number; domains: { hostedZone: string | null }[] };
    expect([list.orderStatus, list.domains[0]!.hostedZone]).toEqual([1002, null]);
    expect((await zoneOf(alice, zone))!.records.filter((x) => !x.system)).toEqual([]);
    expect(((await alice.get(`/v1/orders/dcvAutopilot?names=${name}`)).body.data as { names: { zone: string | null }[] }).names[0]!.zone).toBeNull();
  });

  it('publishes nothing below a delegation cut of the zone, and the zone\'s other orders still issue', async () => {
    const zone = 'with-cut.example';
    await liveZone(alice, zone);
    expect((await addRecord(alice, zone, 'sub', 'NS', 'ns1.elsewhere.example')).body.code).toBe(200);
    const order = async (name: string) => {
      const r = await alice.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(name), commonName: name });
      const orderNo = String(r.body.data);
      await markPaid(t.app, orderNo);
      return orderNo;
    };
    const below = await order(`x.sub.${zone}`);
    const beside = await order(`www.${zone}`);
    await drainAll(t.app);
    const status = async (no: string) => ((await alice.get(`/v1/orders/status/${no}`)).body.data as { orderStatus: number }).orderStatus;
    expect([await status(below), await status(beside)]).toEqual([1002, 1005]);
    const hint = (await alice.get(`/v1/orders/dcvAutopilot?names=x.sub.${zone},www.${zone}`)).body.data as { names: { zone: string | null }[] };
    expect(hint.names.map((n) => n.zone)).toEqual([null, zone]);
  });
});
