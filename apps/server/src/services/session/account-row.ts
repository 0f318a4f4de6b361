/** An account's row as the session code reads it (`SELECT * FROM accounts`). */
export interface AccountRow {
  id: number;
  account_no: string;
  root_uuid: string;
  parent_id: number | null;
  email: string | null;
  telephone: string | null;
  tel_prefix: string;
  password_hash: string;
  balance: number;
  /** Consumed less invoiced, in cents (kept by migration 0155's triggers); below zero after a refund of invoiced money. */
  uninvoiced: number | string;
  company_name: string;
  invite_code: string | null;
  tel_auth: string;
  email_auth: string;
  google_auth: string;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: number;
  auth_name: string;
  id_card: string;
  auth_p_progress: string;
  auth_e_progress: string;
  is_nginx: string;
  is_apache: string;
  spark: string;
  prev_login_ip: string;
  prev_login_time: Date | string | null;
  /** Set once the account is closed (/account/manage): no session starts for it again. */
  closed_at?: Date | string | null;
}

const answerFields = [
  'id', 'account_no', 'root_uuid', 'parent_id', 'email', 'telephone', 'tel_prefix', 'balance', 'uninvoiced', 'company_name', 'invite_code',
  'tel_auth', 'email_auth', 'google_auth', 'auth_name', 'id_card', 'auth_p_progress', 'auth_e_progress', 'is_nginx', 'is_apache', 'spark',
  'prev_login_ip', 'prev_login_time',
] as const satisfies readonly (keyof AccountRow)[];

/** What the signed-in account's own answers read of its row (accountAnswerOf; no password hash or second-step secrets). */
export type AnswerRow = Pick<AccountRow, (typeof answerFields)[number]>;

/** AnswerRow's columns of `accounts` aliased `a`, for the query that reads them with the session (plugins/auth.ts). */
export const answerRowColumns = answerFields.map((f) => `a.${f}`).join(', ');
