import type { Tables } from '@cc/db/schema.gen';

/**
 * An account's row as the session code reads it (`SELECT * FROM accounts`): the generated row type. `uninvoiced` is
 * kept by migration 0155's triggers (consumed less invoiced, in cents; below zero after a refund of invoiced money).
 */
export type AccountRow = Tables['accounts'];

const answerFields = [
  'id', 'account_no', 'root_uuid', 'parent_id', 'email', 'telephone', 'tel_prefix', 'balance', 'uninvoiced', 'company_name', 'invite_code',
  'tel_auth', 'email_auth', 'google_auth', 'auth_name', 'id_card', 'auth_p_progress', 'auth_e_progress', 'is_nginx', 'is_apache', 'spark',
  'prev_login_ip', 'prev_login_time',
] as const satisfies readonly (keyof AccountRow)[];

/** What the signed-in account's own answers read of its row (accountAnswerOf; no password hash or second-step secrets). */
export type AnswerRow = Pick<AccountRow, (typeof answerFields)[number]>;

/** AnswerRow's columns of `accounts` aliased `a`, for the query that reads them with the session (plugins/auth.ts). */
export const answerRowColumns = answerFields.map((f) => `a.${f}`).join(', ');
