import type { Queryable } from '@cc/db/client';
import { profileItems, type ProfileAnswer, type ProfileItem, type ProfileProgress } from '@cc/contracts/account';
import type { profileBody } from '@cc/contracts/account';
import type { z } from 'zod';
import { fail } from '../../lib/app-error.ts';
import { formatTime } from '../session/accounts.ts';

type Row = {
  email: string | null;
  telephone: string | null;
  tel_prefix: string;
  company_name: string;
  lastname: string | null;
  firstname: string | null;
  nation_code: string | null;
  province: string | null;
  city: string | null;
  address: string | null;
  postal_code: string | null;
  updated_at: Date | string | null;
};

async function rowOf(q: Queryable, accountId: number): Promise<Row> {
  const [row] = await q.query<Row>(
    `SELECT a.email, a.telephone, a.tel_prefix, a.company_name, p.lastname, p.firstname, p.nation_code, p.province, p.city, p.address, p.postal_code, p.updated_at
       FROM accounts a LEFT JOIN account_profiles p ON p.account_id = a.id WHERE a.id = $1`,
    [accountId],
  );
  if (!row) throw fail('ACCOUNT_NOT_FOUND');
  return row;
}

const filled = (...v: (string | null)[]) => v.every((x) => (x ?? '').trim() !== '');

/**
 * What a complete personal profile is (the one rule: the checklist of /account/info and the card provider's 12077):
 * a name for the charge, a way to reach the payer for its receipt, and a billing address.
 */
function progressOf(r: Row): ProfileProgress {
  const done: Record<ProfileItem, boolean> = {
    name: filled(r.lastname, r.firstname),
    contact: filled(r.email) || filled(r.telephone),
    address: filled(r.nation_code, r.province, r.city, r.address),
  };
  const items = profileItems.map((item) => ({ item, done: done[item] }));
  const n = items.filter((i) => i.done).length;
  return { complete: n === items.length, percent: Math.round((n * 100) / items.length), items };
}

export async function profileProgress(q: Queryable, accountId: number): Promise<ProfileProgress> {
  return progressOf(await rowOf(q, accountId));
}

export async function getProfile(q: Queryable, accountId: number): Promise<ProfileAnswer> {
  const r = await rowOf(q, accountId);
  return {
    lastname: r.lastname ?? '',
    firstname: r.firstname ?? '',
    companyName: r.company_name,
    nationCode: r.nation_code ?? '',
    province: r.province ?? '',
    city: r.city ?? '',
    address: r.address ?? '',
    postalCode: r.postal_code ?? '',
    email: r.email ?? '',
    telephone: r.telephone ?? '',
    telPrefix: r.tel_prefix,
    updatedAt: formatTime(r.updated_at),
    progress: progressOf(r),
  };
}

/** POST and PUT /v1/profile: the whole profile, written in one transaction with the company name it carries. */
export async function saveProfile(q: Queryable, accountId: number, body: z.infer<typeof profileBody>): Promise<void> {
  await q.query(
    `INSERT INTO account_profiles (account_id, lastname, firstname, nation_code, province, city, address, postal_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id) DO UPDATE SET lastname = $2, firstname = $3, nation_code = $4, province = $5, city = $6, address = $7,
       postal_code = $8, updated_at = now()`,
    [accountId, body.lastname, body.firstname, body.nationCode, body.province, body.city, body.address, body.postalCode ?? ''],
  );
  if (body.companyName !== undefined) await q.query(`UPDATE accounts SET company_name = $2 WHERE id = $1`, [accountId, body.companyName]);
}
