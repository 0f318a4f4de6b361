import type { Queryable } from '@cc/db/client';
import { defaultInform, informTypes, type InformAnswer, type InformSetting, type InformType } from '@cc/contracts/account';
import type { informBody } from '@cc/contracts/account';
import type { z } from 'zod';
import { maskContact } from '@cc/domain/account';
import { AppError, fail } from '../../lib/app-error.ts';
import { smsAddress } from '../session/codes.ts';

type SettingRow = { inform_type: string; email: 'Y' | 'N'; sms: 'Y' | 'N'; days: number[]; amount: string | number | null };

const fromRow = (type: InformType, r: SettingRow | undefined): InformSetting => {
  const d = defaultInform(type);
  if (!r) return d;
  return { informType: type, email: r.email, sms: r.sms, days: d.days.length ? [...r.days].sort((a, b) => b - a) : [], amount: d.amount === null ? null : Number(r.amount ?? d.amount) };
};

async function settingsOf(q: Queryable, accountId: number): Promise<InformSetting[]> {
  const rows = await q.query<SettingRow>(`SELECT inform_type, email, sms, days, amount FROM inform_settings WHERE account_id = $1`, [accountId]);
  return informTypes.map((t) => fromRow(t, rows.find((r) => r.inform_type === t)));
}

export async function getInform(q: Queryable, accountId: number): Promise<InformAnswer> {
  const [a] = await q.query<{ email: string | null; telephone: string | null; tel_prefix: string }>(`SELECT email, telephone, tel_prefix FROM accounts WHERE id = $1`, [accountId]);
  if (!a) throw fail('ACCOUNT_NOT_FOUND');
  return {
    items: await settingsOf(q, accountId),
    email: a.email ? maskContact(a.email) : '',
    telephone: a.telephone ? `+${a.tel_prefix} ${maskContact(a.telephone)}` : '',
  };
}

/**
 * POST /v1/inform: one event type's channel switch, reminder days or amount. Turning a channel on needs the
 * address it goes to; the row is locked so that two saves of one type do not lose each other's change.
 */
export async function setInform(db: { tx: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T> }, accountId: number, body: z.infer<typeof informBody>): Promise<InformAnswer> {
  return db.tx(async (q) => {
    const [a] = await q.query<{ email: string | null; telephone: string | null }>(`SELECT email, telephone FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    if (!a) throw fail('ACCOUNT_NOT_FOUND');
    const unbound = body.isInformed !== 'Y' ? null : body.modifyTo === 'email' && !a.email ? 'inform.noEmail' : body.modifyTo === 'sms' && !a.telephone ? 'inform.noPhone' : null;
    if (unbound) throw new AppError('INVALID_INPUT', undefined, { modifyTo: unbound }, { key: unbound });
    const [row] = await q.query<SettingRow>(`SELECT inform_type, email, sms, days, amount FROM inform_settings WHERE account_id = $1 AND inform_type = $2`, [
      accountId,
      body.informType,
    ]);
    const s = fromRow(body.informType, row);
    if (body.modifyTo && body.isInformed) s[body.modifyTo] = body.isInformed;
    if (body.days) s.days = [...new Set(body.days)].sort((x, y) => y - x);
    if (body.amount !== undefined) s.amount = body.amount;
    await q.query(
      `INSERT INTO inform_settings (account_id, inform_type, email, sms, days, amount) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, inform_type) DO UPDATE SET email = $3, sms = $4, days = $5, amount = $6, updated_at = now()`,
      [accountId, body.informType, s.email, s.sms, s.days, s.amount],
    );
    return getInform(q, accountId);
  });
}

/** Where one event goes for an account: the addresses of the channels that are on and bound, and its days or amount. */
export interface InformTarget {
  mail: string | null;
  sms: string | null;
  days: number[];
  amount: number | null;
}

/** The SQL pieces a job joins to read the settings of many accounts at once (alias s, accounts alias a). */
export const informJoin = (type: InformType, accountAlias = 'a') =>
  `LEFT JOIN inform_settings s ON s.account_id = ${accountAlias}.id AND s.inform_type = '${type}'`;
export const informColumns = `s.email AS s_email, s.sms AS s_sms, s.days AS s_days, s.amount AS s_amount`;

export function informTargetOf(
  type: InformType,
  r: { email: string | null; telephone: string | null; tel_prefix: string; s_email: 'Y' | 'N' | null; s_sms: 'Y' | 'N' | null; s_days: number[] | null; s_amount: string | number | null },
): InformTarget {
  const s = r.s_email === null ? defaultInform(type) : fromRow(type, { inform_type: type, email: r.s_email, sms: r.s_sms ?? 'N', days: r.s_days ?? [], amount: r.s_amount });
  return {
    mail: s.email === 'Y' && r.email ? r.email : null,
    sms: s.sms === 'Y' && r.telephone ? smsAddress(r.tel_prefix, r.telephone) : null,
    days: s.days,
    amount: s.amount,
  };
}
