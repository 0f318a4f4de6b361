import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '@cc/db/client';
import { translate, type Locale } from '@cc/contracts/messages';
import { permissions as allPermissions, type DeptsAnswer, type InvitationAnswer, type MeAnswer, type Permission, type RolesAnswer, type SubAccountsAnswer } from '@cc/contracts/team';
import type { z } from 'zod';
import type { deptCreateBody, deptUpdateBody, invitationAcceptBody, rolePayLimitBody, subAccountCreateBody, subAccountUpdateBody, subAccountsQuery } from '@cc/contracts/team';
import { fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/password.ts';
import { publicBaseUrl } from '../../config.ts';
import { formatTime } from '../session/accounts.ts';
import { smsAddress } from '../session/codes.ts';
import { audit } from './audit.ts';

/** An invitation link works this long. */
const inviteSeconds = 7 * 24 * 3600;

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

// --- the caller's own answer

export async function me(request: FastifyRequest): Promise<MeAnswer> {
  const m = request.account.member;
  if (!m) {
    const [owner] = await request.server.db.query<{ id: number }>(`SELECT id FROM roles WHERE account_id IS NULL AND code = 'owner'`);
    return { owner: true, memberID: null, name: '', roleID: owner?.id ?? 0, roleCode: 'owner', deptID: null, permissions: [...allPermissions], payLimitCents: null };
  }
  const [row] = await request.server.db.query<{ role_id: number }>(`SELECT role_id FROM members WHERE id = $1`, [m.id]);
  return {
    owner: false,
    memberID: m.id,
    name: m.name,
    roleID: row?.role_id ?? 0,
    roleCode: m.roleCode,
    deptID: m.deptId,
    permissions: ['self', ...allPermissions.filter((p) => p !== 'self' && m.permissions.has(p))] as Permission[],
    payLimitCents: m.payLimitCents,
  };
}

// --- roles

type RoleRow = { id: number; code: string; name_zh: string; name_en: string; permissions: string[]; pay_limit: number | string | null; members: number };

export async function listRoles(q: Queryable, accountId: number, locale: Locale): Promise<RolesAnswer> {
  const rows = await q.query<RoleRow>(
    `SELECT r.id, r.code, r.name_zh, r.name_en, r.permissions,
            CASE WHEN l.role_id IS NOT NULL THEN l.pay_limit_cents ELSE r.pay_limit_cents END AS pay_limit,
            (SELECT count(*)::int FROM members m WHERE m.account_id = $1 AND m.role_id = r.id AND m.status <> 'removed') AS members
       FROM roles r LEFT JOIN role_pay_limits l ON l.account_id = $1 AND l.role_id = r.id
      WHERE r.account_id IS NULL OR r.account_id = $1
      ORDER BY r.position, r.id LIMIT 100`,
    [accountId],
  );
  const data = rows.map((r) => ({
    roleID: r.id,
    code: r.code,
    name: locale === 'zh' ? r.name_zh : r.name_en,
    permissions: r.permissions.filter((p): p is Permission => (allPermissions as readonly string[]).includes(p)),
    payLimitCents: r.pay_limit === null ? null : Number(r.pay_limit),
    members: r.members,
  }));
  return { data, total: data.length };
}

async function roleOf(q: Queryable, accountId: number, roleId: number): Promise<{ id: number; code: string }> {
  const [r] = await q.query<{ id: number; code: string }>(`SELECT id, code FROM roles WHERE id = $1 AND (account_id IS NULL OR account_id = $2)`, [roleId, accountId]);
  if (!r) throw fail('ROLE_NOT_FOUND', undefined, { roleID: 'err.roleNotFound' });
  return r;
}

/** The owner's money setting: the most one payment of a role's members may be (0: cannot pay; null: no limit). */
export async function setRolePayLimit(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof rolePayLimitBody>): Promise<RolesAnswer> {
  const accountId = request.account.id;
  await app.db.tx(async (q) => {
    const r = await roleOf(q, accountId, body.roleID);
    if (r.code === 'owner') throw fail('OWNER_ROLE', undefined, { roleID: 'err.ownerRole' });
    await q.query(
      `INSERT INTO role_pay_limits (account_id, role_id, pay_limit_cents) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, role_id) DO UPDATE SET pay_limit_cents = excluded.pay_limit_cents`,
      [accountId, r.id, body.payLimitCents],
    );
    await audit(q, request, { kind: 'account', action: 'team.role.payLimit', params: { role: r.code, limit: body.payLimitCents }, objectType: 'role', objectId: r.id });
  });
  return listRoles(app.db, accountId, request.locale);
}

// --- departments

type DeptRow = { id: number; name: string; parent_id: number | null; depth: number; members: number };

export async function listDepts(q: Queryable, accountId: number, limit = 100, offset = 1): Promise<DeptsAnswer> {
  // Depth-first, so that a department follows its parent (the console indents by depth).
  const rows = await q.query<DeptRow & { path: string }>(
    `WITH RECURSIVE t AS (
       SELECT id, name, parent_id, 0 AS depth, lpad(id::text, 10, '0') AS path FROM depts WHERE account_id = $1 AND parent_id IS NULL
       UNION ALL
       SELECT d.id, d.name, d.parent_id, t.depth + 1, t.path || '/' || lpad(d.id::text, 10, '0') FROM depts d JOIN t ON d.parent_id = t.id)
     SELECT t.id, t.name, t.parent_id, t.depth, t.path,
            (SELECT count(*)::int FROM members m WHERE m.dept_id = t.id AND m.status <> 'removed') AS members
       FROM t ORDER BY t.path`,
    [accountId],
  );
  const data = rows.slice((offset - 1) * limit, offset * limit).map((r) => ({ deptID: r.id, name: r.name, parentID: r.parent_id, depth: r.depth, members: r.members }));
  return { data, total: rows.length };
}

async function deptOf(q: Queryable, accountId: number, deptId: number, field = 'deptID'): Promise<{ id: number; name: string; parent_id: number | null }> {
  const [d] = await q.query<{ id: number; name: string; parent_id: number | null }>(`SELECT id, name, parent_id FROM depts WHERE id = $1 AND account_id = $2`, [deptId, accountId]);
  if (!d) throw fail('DEPT_NOT_FOUND', undefined, { [field]: 'err.deptNotFound' });
  return d;
}

export async function createDept(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof deptCreateBody>) {
  const accountId = request.account.id;
  return app.db.tx(async (q) => {
    if (body.parentID) await deptOf(q, accountId, body.parentID, 'parentID');
    const [d] = await q.query<{ id: number }>(`INSERT INTO depts (account_id, parent_id, name) VALUES ($1, $2, $3) RETURNING id`, [accountId, body.parentID ?? null, body.name]);
    await audit(q, request, { kind: 'account', action: 'team.dept.create', params: { name: body.name }, objectType: 'dept', objectId: d!.id });
    return { deptID: d!.id };
  });
}

export async function updateDept(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof deptUpdateBody>) {
  const accountId = request.account.id;
  return app.db.tx(async (q) => {
    // Moves are serialised per account, so that two moves cannot build a loop between them.
    await q.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    const d = await deptOf(q, accountId, body.deptID);
    if (body.parentID !== undefined && body.parentID !== null) {
      await deptOf(q, accountId, body.parentID, 'parentID');
      const [loop] = await q.query(
        `WITH RECURSIVE t AS (SELECT id FROM depts WHERE id = $1 UNION ALL SELECT x.id FROM depts x JOIN t ON x.parent_id = t.id) SELECT 1 FROM t WHERE id = $2`,
        [d.id, body.parentID],
      );
      if (loop) throw fail('DEPT_CYCLE', undefined, { parentID: 'err.deptCycle' });
    }
    await q.query(`UPDATE depts SET name = coalesce($2, name), parent_id = CASE WHEN $3::boolean THEN $4::int ELSE parent_id END WHERE id = $1`, [
      d.id,
      body.name ?? null,
      body.parentID !== undefined,
      body.parentID ?? null,
    ]);
    await audit(q, request, { kind: 'account', action: 'team.dept.update', params: { name: body.name ?? d.name }, objectType: 'dept', objectId: d.id });
    return { deptID: d.id };
  });
}

// --- members

type MemberRow = {
  id: number;
  name: string;
  email: string | null;
  telephone: string | null;
  tel_prefix: string;
  role_id: number;
  role_code: string;
  role_zh: string;
  role_en: string;
  dept_id: number | null;
  dept_name: string | null;
  status: 'invited' | 'active' | 'suspended';
  two_step: 'Y' | 'N';
  last_login_at: Date | string | null;
  created_at: Date | string;
};

const memberSelect = `SELECT m.id, m.name, m.email, m.telephone, m.tel_prefix, m.role_id, r.code AS role_code, r.name_zh AS role_zh, r.name_en AS role_en,
    m.dept_id, d.name AS dept_name, m.status, m.two_step, m.last_login_at, m.created_at
  FROM members m JOIN roles r ON r.id = m.role_id LEFT JOIN depts d ON d.id = m.dept_id`;

export async function listMembers(q: Queryable, accountId: number, f: z.infer<typeof subAccountsQuery>, locale: Locale): Promise<SubAccountsAnswer> {
  const params: unknown[] = [accountId];
  const conds = [`m.account_id = $1`, `m.status <> 'removed'`];
  if (f.deptID) conds.push(`m.dept_id = $${params.push(f.deptID)}`);
  if (f.status) conds.push(`m.status = $${params.push(f.status)}`);
  const where = `WHERE ${conds.join(' AND ')}`;
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM members m ${where}`, params);
  const rows = await q.query<MemberRow>(`${memberSelect} ${where} ORDER BY m.id LIMIT ${f.limit} OFFSET ${(f.offset - 1) * f.limit}`, params);
  return {
    data: rows.map((r) => ({
      subAccountID: r.id,
      name: r.name,
      email: r.email ?? '',
      telephone: r.telephone ?? '',
      telPrefix: r.tel_prefix,
      roleID: r.role_id,
      roleName: locale === 'zh' ? r.role_zh : r.role_en,
      deptID: r.dept_id,
      deptName: r.dept_name ?? '',
      status: r.status,
      twoStep: r.two_step,
      lastLoginTime: formatTime(r.last_login_at),
      createdAt: formatTime(r.created_at),
    })),
    total: c?.n ?? 0,
  };
}

async function memberOf(q: Queryable, accountId: number, id: number, lock = false): Promise<MemberRow> {
  const [m] = await q.query<MemberRow>(`${memberSelect} WHERE m.id = $1 AND m.account_id = $2 AND m.status <> 'removed'${lock ? ' FOR UPDATE OF m' : ''}`, [id, accountId]);
  if (!m) throw fail('MEMBER_NOT_FOUND', undefined, { subAccountID: 'err.memberNotFound' });
  return m;
}

/** The account holders' addresses are sign-in names too: a member may not take one (nor another member's). */
async function refuseTaken(q: Queryable, email: string | null, telPrefix: string, telephone: string | null) {
  const [taken] = await q.query(
    `SELECT 1 FROM accounts WHERE ($1::text IS NOT NULL AND email = $1) OR ($3::text IS NOT NULL AND tel_prefix = $2 AND telephone = $3)`,
    [email, telPrefix, telephone],
  );
  if (taken) throw fail('MEMBER_TAKEN', undefined, { [email ? 'email' : 'telephone']: 'err.memberTaken' });
}

type Invitation = { to: { channel: 'mail' | 'sms'; address: string }; link: string; name: string; login: string; company: string };

/** Sends the invitation through the mail or SMS adapter (recorded in the outbox), after the change is committed. */
async function sendInvitation(app: FastifyInstance, inv: Invitation, locale: Locale) {
  const params = { name: inv.name, company: inv.company, link: inv.link, login: inv.login };
  if (inv.to.channel === 'mail') {
    await app.messenger.send({ channel: 'mail', to: inv.to.address, subject: translate(locale, 'team.invite.mailSubject', params), body: translate(locale, 'team.invite.mailText', params) });
  } else {
    await app.messenger.send({ channel: 'sms', to: inv.to.address, subject: '', body: translate(locale, 'team.invite.sms', params) });
  }
}

const baseUrlOf = (app: FastifyInstance) => publicBaseUrl(app.config);

async function newInvitation(app: FastifyInstance, q: Queryable, accountId: number, m: { id: number; name: string; email: string | null; telephone: string | null; tel_prefix: string }): Promise<Invitation> {
  const token = randomToken();
  await q.query(`UPDATE members SET invite_hash = $2, invite_expires_at = now() + make_interval(secs => $3) WHERE id = $1`, [m.id, sha256(token), inviteSeconds]);
  const [a] = await q.query<{ company_name: string; account_no: string }>(`SELECT company_name, account_no FROM accounts WHERE id = $1`, [accountId]);
  const login = m.email ?? `+${m.tel_prefix} ${m.telephone ?? ''}`;
  return {
    to: m.email ? { channel: 'mail', address: m.email } : { channel: 'sms', address: smsAddress(m.tel_prefix, m.telephone ?? '') },
    link: `${baseUrlOf(app)}/invitation?token=${token}`,
    name: m.name,
    login,
    company: a?.company_name || a?.account_no || '',
  };
}

export async function createMember(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof subAccountCreateBody>) {
  const accountId = request.account.id;
  const email = body.email ?? null;
  const telephone = body.telephone ?? null;
  const inv = await app.db
    .tx(async (q) => {
      const role = await roleOf(q, accountId, body.roleID);
      if (role.code === 'owner') throw fail('OWNER_ROLE', undefined, { roleID: 'err.ownerRole' });
      if (body.deptID) await deptOf(q, accountId, body.deptID);
      await refuseTaken(q, email, body.telPrefix, telephone);
      const [m] = await q.query<{ id: number }>(
        `INSERT INTO members (account_id, name, email, telephone, tel_prefix, role_id, dept_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [accountId, body.name, email, telephone, body.telPrefix, role.id, body.deptID ?? null],
      );
      const invitation = await newInvitation(app, q, accountId, { id: m!.id, name: body.name, email, telephone, tel_prefix: body.telPrefix });
      await audit(q, request, { kind: 'account', action: 'team.member.invite', params: { name: body.name, login: invitation.login, role: role.code }, objectType: 'member', objectId: m!.id });
      return { id: m!.id, invitation };
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw fail('MEMBER_TAKEN', undefined, { [email ? 'email' : 'telephone']: 'err.memberTaken' });
      throw e;
    });
  await sendInvitation(app, inv.invitation, request.locale);
  return { subAccountID: inv.id };
}

export async function updateMember(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof subAccountUpdateBody>) {
  const accountId = request.account.id;
  const inv = await app.db.tx(async (q) => {
    const m = await memberOf(q, accountId, body.subAccountID, true);
    const what: string[] = [];
    let invitation: Invitation | undefined;
    if (body.name !== undefined && body.name !== m.name) {
      await q.query(`UPDATE members SET name = $2 WHERE id = $1`, [m.id, body.name]);
      what.push('name');
    }
    if (body.roleID !== undefined && body.roleID !== m.role_id) {
      const role = await roleOf(q, accountId, body.roleID);
      if (role.code === 'owner') throw fail('OWNER_ROLE', undefined, { roleID: 'err.ownerRole' });
      await q.query(`UPDATE members SET role_id = $2 WHERE id = $1`, [m.id, role.id]);
      what.push('role');
    }
    if (body.deptID !== undefined && (body.deptID ?? null) !== m.dept_id) {
      if (body.deptID) await deptOf(q, accountId, body.deptID);
      await q.query(`UPDATE members SET dept_id = $2 WHERE id = $1`, [m.id, body.deptID ?? null]);
      what.push('dept');
    }
    if (body.status && body.status !== m.status && m.status !== 'invited') {
      await q.query(`UPDATE members SET status = $2 WHERE id = $1`, [m.id, body.status]);
      // A suspended member's sessions end now (the guard also refuses any that is not active).
      if (body.status === 'suspended') await q.query(`UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL`, [m.id]);
      what.push(body.status);
    }
    if (body.resetTwoStep) {
      await q.query(`UPDATE members SET two_step = 'N' WHERE id = $1`, [m.id]);
      await q.query(`UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL`, [m.id]);
      what.push('resetTwoStep');
    }
    if (body.resendInvite && m.status === 'invited') {
      invitation = await newInvitation(app, q, accountId, m);
      what.push('resendInvite');
    }
    if (what.length) await audit(q, request, { kind: 'account', action: 'team.member.update', params: { name: body.name ?? m.name, what: what.join(',') }, objectType: 'member', objectId: m.id });
    return invitation;
  });
  if (inv) await sendInvitation(app, inv, request.locale);
  return { subAccountID: body.subAccountID };
}

/** Removes a member: it can no longer sign in; its orders and log entries stay with the account and keep its name. */
export async function removeMember(app: FastifyInstance, request: FastifyRequest, id: number) {
  await app.db.tx(async (q) => {
    const m = await memberOf(q, request.account.id, id, true);
    await q.query(`UPDATE members SET status = 'removed', invite_hash = NULL, password_hash = NULL WHERE id = $1`, [m.id]);
    await q.query(`UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL`, [m.id]);
    await q.query(`UPDATE api_keys SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL`, [m.id]);
    await audit(q, request, { kind: 'account', action: 'team.member.remove', params: { name: m.name }, objectType: 'member', objectId: m.id });
  });
  return null;
}

/**
 * The owner (or a member who manages the team) signs a member out: every live session of that member ends now, on
 * every instance (sessions are read from the database on each call). Its API keys are credentials of their own and
 * stay (the developer screen revokes them; suspending or removing the member stops them too). The member signs in
 * again as usual.
 */
export async function signOutMember(app: FastifyInstance, request: FastifyRequest, id: number): Promise<{ revoked: number }> {
  return app.db.tx(async (q) => {
    const m = await memberOf(q, request.account.id, id, true);
    const ended = await q.query(`UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING id`, [m.id]);
    await audit(q, request, { kind: 'security', action: 'team.member.signOut', params: { name: m.name, count: ended.length }, objectType: 'member', objectId: m.id });
    return { revoked: ended.length };
  });
}

// --- invitations (the visitor with the link)

type InviteRow = { id: number; account_id: number; name: string; email: string | null; telephone: string | null; tel_prefix: string; company_name: string; account_no: string };

async function liveInvitation(q: Queryable, token: string, lock = false): Promise<InviteRow> {
  const [r] = await q.query<InviteRow>(
    `SELECT m.id, m.account_id, m.name, m.email, m.telephone, m.tel_prefix, a.company_name, a.account_no
       FROM members m JOIN accounts a ON a.id = m.account_id
      WHERE m.invite_hash = $1 AND m.invite_expires_at > now() AND m.status = 'invited' AND a.closed_at IS NULL${lock ? ' FOR UPDATE OF m' : ''}`,
    [sha256(token)],
  );
  if (!r) throw fail('INVITATION_INVALID');
  return r;
}

export async function invitationOf(app: FastifyInstance, token: string): Promise<InvitationAnswer> {
  const r = await liveInvitation(app.db, token);
  return { companyName: r.company_name, accountNo: r.account_no, name: r.name, login: r.email ?? `+${r.tel_prefix} ${r.telephone ?? ''}` };
}

/** Sets the member's password from the link (used once) and makes the member active; it then signs in as usual. */
export async function acceptInvitation(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof invitationAcceptBody>) {
  const hash = await hashPassword(body.password);
  await app.db.tx(async (q) => {
    const r = await liveInvitation(q, body.token, true);
    await q.query(`UPDATE members SET password_hash = $2, status = 'active', invite_hash = NULL, invite_expires_at = NULL WHERE id = $1`, [r.id, hash]);
    await q.query(
      `INSERT INTO account_log (account_id, member_id, kind, action, params, ip, user_agent, object_type, object_id) VALUES ($1, $2, 'account', 'team.member.accept', $3, $4, $5, 'member', $6)`,
      [r.account_id, r.id, JSON.stringify({ name: r.name }), request.ip, (request.headers['user-agent'] ?? '').slice(0, 500), String(r.id)],
    );
  });
  return null;
}

