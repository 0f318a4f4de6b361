import { readFileSync } from 'node:fs';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import * as acme from 'acme-client';
import type { Queryable } from '@cc/db/client';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Tables } from '@cc/db/schema.gen';

/** One name of an ACME order: its authorization and the challenge the customer answers. */
export interface AcmeAuthorization {
  /** As the order lists it: '*.example.com' for a wildcard authorization of example.com. */
  name: string;
  authzUrl: string;
  status: acme.Authorization['status'];
  /** The dns-01 challenge (absent when the authorization is already valid and offers none we can use). */
  challengeUrl: string;
  token: string;
  /** dns-01: TXT record host and value (base64url SHA-256 of the key authorization, RFC 8555 §8.4). */
  host: string;
  value: string;
}

export interface AcmeSettings {
  directoryUrl: string;
  email?: string | undefined;
  caFile?: string | undefined;
}

export interface AcmeDeps extends AcmeSettings {
  db: Queryable;
  box: SecretBox;
}

/** The protocol side of the ACME adapter; callers keep every object it answers in the database. */
export interface AcmeAdapter {
  readonly directoryUrl: string;
  newOrder(names: string[]): Promise<{ order: acme.Order; authorizations: AcmeAuthorization[] }>;
  /** Tells the server the record is in place (RFC 8555 §7.5.1). */
  answer(a: AcmeAuthorization): Promise<void>;
  getOrder(order: acme.Order): Promise<acme.Order>;
  authorizations(order: acme.Order): Promise<acme.Authorization[]>;
  finalize(order: acme.Order, csrPem: string): Promise<acme.Order>;
  /** The PEM chain: leaf first, then the intermediates. */
  certificate(order: acme.Order): Promise<string>;
}

export const acmeChallengeLabel = '_acme-challenge';
/** The TXT host of a name: a wildcard's challenge lives at its base domain (RFC 8555 §8.4). */
export const challengeHost = (name: string) => `${acmeChallengeLabel}.${name.replace(/^\*\./, '').toLowerCase()}`;

/**
 * Extra trust for the directory's TLS (pebble's self-made certificate in tests). acme-client talks through its
 * own axios instance, so the agent goes there; it is process-wide, which one directory per process fits.
 */
function trust(caFile: string | undefined) {
  if (!caFile) return;
  const extra = readFileSync(caFile, 'utf8');
  acme.axios.defaults.httpsAgent = new https.Agent({ ca: [...rootCertificates, extra], keepAlive: true });
}

/** acme-client logs through a global function; nothing to say by default. */
acme.setLogger(() => undefined);

const accounts = new WeakMap<Queryable, Map<string, Promise<acme.Client>>>();

/**
 * The account key is made once per directory and stored sealed in the database, so every instance signs with
 * the same account; the first instance to insert wins and the others read its key.
 */
async function accountClient(deps: AcmeDeps): Promise<acme.Client> {
  const load = () =>
    deps.db.query<Pick<Tables['acme_accounts'], 'key_sealed' | 'account_url'>>(`SELECT key_sealed, account_url FROM acme_accounts WHERE directory_url = $1`, [deps.directoryUrl]);
  let [row] = await load();
  if (!row) {
    const key = await acme.crypto.createPrivateEcdsaKey('P-256');
    await deps.db.query(`INSERT INTO acme_accounts (directory_url, key_sealed) VALUES ($1, $2) ON CONFLICT (directory_url) DO NOTHING`, [
      deps.directoryUrl,
      deps.box.seal(key.toString('utf8')),
    ]);
    [row] = await load();
    if (!row) throw new Error('ACME account key vanished');
  }
  const accountKey = deps.box.open(row.key_sealed);
  // No client-side retries with sleeps: a failed step is retried by the job queue with its back-off.
  const opts = { directoryUrl: deps.directoryUrl, accountKey, backoffAttempts: 1 };
  const client = new acme.Client(row.account_url ? { ...opts, accountUrl: row.account_url } : opts);
  if (!row.account_url) {
    await client.createAccount({ termsOfServiceAgreed: true, ...(deps.email ? { contact: [`mailto:${deps.email}`] } : {}) });
    await deps.db.query(`UPDATE acme_accounts SET account_url = $2 WHERE directory_url = $1`, [deps.directoryUrl, client.getAccountUrl()]);
  }
  return client;
}

function cachedClient(deps: AcmeDeps): Promise<acme.Client> {
  let perDb = accounts.get(deps.db);
  if (!perDb) accounts.set(deps.db, (perDb = new Map()));
  let p = perDb.get(deps.directoryUrl);
  if (!p) {
    p = accountClient(deps);
    // A failure (directory down) must not stick: the next call tries again.
    p.catch(() => perDb.delete(deps.directoryUrl));
    perDb.set(deps.directoryUrl, p);
  }
  return p;
}

const nameOf = (a: acme.Authorization) => (a.wildcard ? `*.${a.identifier.value}` : a.identifier.value).toLowerCase();

export function createAcmeAdapter(deps: AcmeDeps): AcmeAdapter {
  trust(deps.caFile);
  const client = () => cachedClient(deps);

  async function describe(c: acme.Client, authz: acme.Authorization): Promise<AcmeAuthorization> {
    const name = nameOf(authz);
    const ch = authz.challenges.find((x) => x.type === 'dns-01');
    return {
      name,
      authzUrl: authz.url,
      status: authz.status,
      challengeUrl: ch?.url ?? '',
      token: ch?.token ?? '',
      host: challengeHost(name),
      value: ch ? await c.getChallengeKeyAuthorization(ch) : '',
    };
  }

  return {
    directoryUrl: deps.directoryUrl,
    async newOrder(names) {
      const c = await client();
      const identifiers = [...new Set(names.map((n) => n.toLowerCase()))].map((value) => ({ type: 'dns', value }));
      const order = await c.createOrder({ identifiers });
      const authzs = await c.getAuthorizations(order);
      return { order, authorizations: await Promise.all(authzs.map((a) => describe(c, a))) };
    },
    async answer(a) {
      const c = await client();
      await c.completeChallenge({ type: 'dns-01', url: a.challengeUrl, token: a.token, status: 'pending' });
    },
    async getOrder(order) {
      return (await client()).getOrder(order);
    },
    async authorizations(order) {
      return (await client()).getAuthorizations(order);
    },
    async finalize(order, csrPem) {
      return (await client()).finalizeOrder(order, csrPem);
    },
    async certificate(order) {
      return (await client()).getCertificate(order);
    },
  };
}

const adapters = new WeakMap<Queryable, AcmeAdapter>();

/** The adapter of a database's app when ACME_DIRECTORY_URL is set; null keeps the built-in CA for free products. */
export function acmeAdapterFor(deps: { db: Queryable; box: SecretBox; config: { ACME_DIRECTORY_URL?: string | undefined; ACME_EMAIL?: string | undefined; ACME_CA_FILE?: string | undefined } }): AcmeAdapter | null {
  const url = deps.config.ACME_DIRECTORY_URL;
  if (!url) return null;
  let a = adapters.get(deps.db);
  if (!a || a.directoryUrl !== url) {
    a = createAcmeAdapter({ db: deps.db, box: deps.box, directoryUrl: url, email: deps.config.ACME_EMAIL, caFile: deps.config.ACME_CA_FILE });
    adapters.set(deps.db, a);
  }
  return a;
}
