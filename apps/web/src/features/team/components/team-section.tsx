import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { subAccountCreateBody, deptCreateBody, type Dept, type Role, type SubAccount } from '@cc/contracts/team';
import { useCan } from '../../../lib/api/get-me.ts';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { validValues } from '../../../lib/form.ts';
import { ApiError, fieldErrors } from '../../../lib/http.ts';
import { formatMoney } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubAccounts } from '../api/get-sub-accounts.ts';
import { useSaveSubAccount } from '../api/save-sub-account.ts';
import { useRemoveSubAccount } from '../api/remove-sub-account.ts';
import { useSignOutSubAccount } from '../api/sign-out-sub-account.ts';
import { useDepts } from '../api/get-depts.ts';
import { useSaveDept } from '../api/save-dept.ts';
import { useRoles } from '../api/get-roles.ts';
import { useSetRolePayLimit } from '../api/set-role-pay-limit.ts';
import { useTeamT } from '../i18n.ts';

/** Shows a refused or invalid call: the fields at fault on the form, the message as a toast. */
function useFail() {
  return <V,>(e: unknown, form?: FormInstance<V>) => {
    if (!(e instanceof ApiError)) return;
    const fields = fieldErrors(e);
    if (form && Object.keys(fields).length) form.setFields(Object.entries(fields).map(([name, msg]) => ({ name: name as never, errors: [msg] })));
    toast.error(e.msg);
  };
}

const deptOptions = (depts: Dept[], none: string) => [
  { value: 0, label: none },
  ...depts.map((d) => ({ value: d.deptID, label: `${'\u3000'.repeat(d.depth)}${d.name}` })),
];

interface MemberForm {
  name: string;
  email?: string;
  telephone?: string;
  roleID: number;
  deptID: number;
}

function MemberDialog({ open, member, roles, depts, onClose }: { open: boolean; member: SubAccount | null; roles: Role[]; depts: Dept[]; onClose: () => void }) {
  const { t, msg } = useTeamT();
  const [form] = Form.useForm<MemberForm>();
  const save = useSaveSubAccount();
  const fail = useFail();
  const shape = subAccountCreateBody.shape;
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      const deptID = v.deptID ? v.deptID : null;
      if (member) await save.mutateAsync({ subAccountID: member.subAccountID, name: v.name, roleID: v.roleID, deptID });
      else await save.mutateAsync({ name: v.name, email: v.email ?? '', telephone: v.telephone ?? '', roleID: v.roleID, deptID });
      toast.success(member ? t('members.saved') : t('members.sent'));
      onClose();
    } catch (e) {
      fail(e, form);
    }
  };
  return (
    <Modal
      open={open}
      destroyOnHidden
      title={member ? t('members.editTitle', { name: member.name }) : t('members.inviteTitle')}
      okText={t('members.ok')}
      cancelText={t('members.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'member-save' }}
    >
      {member ? null : <Alert type="info" showIcon title={t('members.inviteHint')} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={member ? { name: member.name, roleID: member.roleID, deptID: member.deptID ?? 0 } : { roleID: roles.find((r) => r.code === 'technical')?.roleID, deptID: 0 }}
      >
        <Form.Item name="name" label={t('members.name')} rules={rulesFrom(shape.name, msg)}>
          <Input data-testid="member-name" maxLength={60} />
        </Form.Item>
        {member ? null : (
          <>
            <Form.Item name="email" label={t('members.email')}>
              <Input data-testid="member-email" type="email" autoComplete="off" />
            </Form.Item>
            <Form.Item name="telephone" label={t('members.telephone')}>
              <Input data-testid="member-telephone" inputMode="tel" autoComplete="off" />
            </Form.Item>
          </>
        )}
        <Form.Item name="roleID" label={t('members.role')} rules={[{ required: true, message: msg('team.v.role') }]}>
          <Select data-testid="member-role" aria-label={t('members.role')} options={roles.filter((r) => r.code !== 'owner').map((r) => ({ value: r.roleID, label: r.name }))} />
        </Form.Item>
        <Form.Item name="deptID" label={t('members.dept')}>
          <Select data-testid="member-dept" aria-label={t('members.dept')} options={deptOptions(depts, t('members.noDept'))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MembersTab({ roles, depts }: { roles: Role[]; depts: Dept[] }) {
  const { t } = useTeamT();
  const members = useSubAccounts();
  const save = useSaveSubAccount();
  const remove = useRemoveSubAccount();
  const signOut = useSignOutSubAccount();
  const fail = useFail();
  const [dialog, setDialog] = useState<{ open: boolean; member: SubAccount | null }>({ open: false, member: null });
  const act = async (body: Parameters<typeof save.mutateAsync>[0], done: string) => {
    try {
      await save.mutateAsync(body);
      toast.success(done);
    } catch (e) {
      fail(e);
    }
  };
  const stateColor = { invited: 'processing', active: 'success', suspended: 'default' } as const;
  return (
    <>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setDialog({ open: true, member: null })} data-testid="member-invite">
          {t('members.invite')}
        </Button>
      </Flex>
      <Table<SubAccount>
        rowKey="subAccountID"
        size="middle"
        loading={members.isLoading}
        dataSource={members.data?.data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('members.empty') }}
        data-testid="members-table"
        columns={[
          { title: t('members.name'), dataIndex: 'name', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
          { title: t('members.login'), render: (_, m) => m.email || `+${m.telPrefix} ${m.telephone}` },
          { title: t('members.role'), dataIndex: 'roleName' },
          { title: t('members.dept'), render: (_, m) => m.deptName || '—' },
          { title: t('members.status'), render: (_, m) => <Tag color={stateColor[m.status]}>{t(`members.states.${m.status}`)}</Tag> },
          { title: t('members.twoStep'), render: (_, m) => (m.twoStep === 'Y' ? t('members.twoStepOn') : t('members.twoStepOff')) },
          { title: t('members.lastLogin'), render: (_, m) => <span style={{ whiteSpace: 'nowrap' }}>{m.lastLoginTime || '—'}</span> },
          {
            title: t('members.actions'),
            render: (_, m) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setDialog({ open: true, member: m })}>
                  {t('members.edit')}
                </Button>
                {m.status === 'invited' ? (
                  <Button type="link" size="small" onClick={() => void act({ subAccountID: m.subAccountID, resendInvite: true }, t('members.sent'))}>
                    {t('members.resend')}
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => void act({ subAccountID: m.subAccountID, status: m.status === 'active' ? 'suspended' : 'active' }, t('members.saved'))}>
                    {m.status === 'active' ? t('members.suspend') : t('members.activate')}
                  </Button>
                )}
                {m.twoStep === 'Y' && m.status !== 'invited' ? (
                  <Button type="link" size="small" onClick={() => void act({ subAccountID: m.subAccountID, resetTwoStep: true }, t('members.saved'))}>
                    {t('members.resetTwoStep')}
                  </Button>
                ) : null}
                {m.status === 'active' ? (
                  <Popconfirm
                    title={t('members.signOutConfirm', { name: m.name })}
                    okText={t('members.ok')}
                    cancelText={t('members.cancel')}
                    onConfirm={() => {
                      signOut.mutate(m.subAccountID, { onSuccess: (r) => toast.success(t('members.signedOut', { count: r.revoked })), onError: (e: unknown) => fail(e) });
                    }}
                  >
                    <Button type="link" size="small" data-testid={`member-sign-out-${m.subAccountID}`}>
                      {t('members.signOut')}
                    </Button>
                  </Popconfirm>
                ) : null}
                <Popconfirm
                  title={t('members.removeConfirm', { name: m.name })}
                  okText={t('members.ok')}
                  cancelText={t('members.cancel')}
                  onConfirm={() => {
                    remove.mutate(m.subAccountID, { onSuccess: () => toast.success(t('members.removed')), onError: (e: unknown) => fail(e) });
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('members.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <MemberDialog open={dialog.open} member={dialog.member} roles={roles} depts={depts} onClose={() => setDialog({ open: false, member: null })} />
    </>
  );
}

function DeptsTab({ depts, loading }: { depts: Dept[]; loading: boolean }) {
  const { t, msg } = useTeamT();
  const [form] = Form.useForm<{ name: string; parentID: number }>();
  const save = useSaveDept();
  const fail = useFail();
  const [dialog, setDialog] = useState<{ open: boolean; dept: Dept | null }>({ open: false, dept: null });
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      const parentID = v.parentID ? v.parentID : null;
      if (dialog.dept) await save.mutateAsync({ deptID: dialog.dept.deptID, name: v.name, parentID });
      else await save.mutateAsync({ name: v.name, parentID });
      toast.success(t('depts.saved'));
      setDialog({ open: false, dept: null });
    } catch (e) {
      fail(e, form);
    }
  };
  return (
    <>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setDialog({ open: true, dept: null })} data-testid="dept-add">
          {t('depts.add')}
        </Button>
      </Flex>
      <Table<Dept>
        rowKey="deptID"
        size="middle"
        loading={loading}
        dataSource={depts}
        pagination={false}
        locale={{ emptyText: t('depts.empty') }}
        data-testid="depts-table"
        columns={[
          { title: t('depts.name'), render: (_, d) => <span style={{ paddingInlineStart: d.depth * 24 }}>{d.name}</span> },
          { title: t('depts.members'), dataIndex: 'members', width: 120 },
          {
            title: t('members.actions'),
            width: 120,
            render: (_, d) => (
              <Button type="link" size="small" onClick={() => setDialog({ open: true, dept: d })}>
                {t('depts.rename')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={dialog.open}
        destroyOnHidden
        title={dialog.dept ? t('depts.editTitle', { name: dialog.dept.name }) : t('depts.addTitle')}
        okText={t('members.ok')}
        cancelText={t('members.cancel')}
        onOk={() => void submit()}
        onCancel={() => setDialog({ open: false, dept: null })}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'dept-save' }}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ name: dialog.dept?.name ?? '', parentID: dialog.dept?.parentID ?? 0 }}>
          <Form.Item name="name" label={t('depts.name')} rules={rulesFrom(deptCreateBody.shape.name, msg)}>
            <Input data-testid="dept-name" maxLength={60} />
          </Form.Item>
          <Form.Item name="parentID" label={t('depts.parent')}>
            <Select aria-label={t('depts.parent')} options={deptOptions(depts.filter((d) => d.deptID !== dialog.dept?.deptID), t('depts.top'))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function RolesTab({ roles, loading }: { roles: Role[]; loading: boolean }) {
  const { t, msg, lang } = useTeamT();
  const can = useCan();
  const owner = can('account.owner');
  const set = useSetRolePayLimit();
  const fail = useFail();
  const [editing, setEditing] = useState<Role | null>(null);
  const [limit, setLimit] = useState<number | null>(0);
  const limitText = (r: Role) => (r.payLimitCents === null ? t('roles.noLimit') : r.payLimitCents === 0 ? t('roles.cannotPay') : formatMoney(r.payLimitCents, 1, lang));
  const submit = async () => {
    if (!editing) return;
    try {
      await set.mutateAsync({ roleID: editing.roleID, payLimitCents: limit === null ? null : Math.round(limit * 100) });
      toast.success(t('roles.saved'));
      setEditing(null);
    } catch (e) {
      fail(e);
    }
  };
  return (
    <>
      {owner ? null : <Alert type="info" showIcon title={t('roles.ownerOnly')} style={{ marginBottom: 12 }} />}
      <Table<Role>
        rowKey="roleID"
        size="middle"
        loading={loading}
        dataSource={roles}
        pagination={false}
        scroll={{ x: 800 }}
        data-testid="roles-table"
        columns={[
          { title: t('roles.name'), dataIndex: 'name', width: 120 },
          {
            title: t('roles.permissions'),
            render: (_, r) => (
              <Flex gap={4} wrap>
                {r.permissions.map((p) => (
                  <Tag key={p}>{msg(`perm.${p}`)}</Tag>
                ))}
              </Flex>
            ),
          },
          { title: t('roles.payLimit'), width: 140, render: (_, r) => (r.permissions.includes('orders.pay') ? limitText(r) : t('roles.cannotPay')) },
          { title: t('roles.members'), dataIndex: 'members', width: 90 },
          {
            title: t('members.actions'),
            width: 120,
            render: (_, r) =>
              owner && r.code !== 'owner' && r.permissions.includes('orders.pay') ? (
                <Button
                  type="link"
                  size="small"
                  data-testid={`role-limit-${r.code}`}
                  onClick={() => {
                    setEditing(r);
                    setLimit(r.payLimitCents === null ? null : r.payLimitCents / 100);
                  }}
                >
                  {t('roles.setLimit')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={editing !== null}
        destroyOnHidden
        title={editing ? t('roles.limitTitle', { role: editing.name }) : ''}
        okText={t('members.ok')}
        cancelText={t('members.cancel')}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        confirmLoading={set.isPending}
        okButtonProps={{ 'data-testid': 'role-limit-save' }}
      >
        <Flex vertical gap={12}>
          <label>
            <Switch checked={limit === null} onChange={(on) => setLimit(on ? null : 0)} aria-label={t('roles.unlimited')} /> {t('roles.unlimited')}
          </label>
          {limit === null ? null : (
            <InputNumber<number>
              min={0}
              max={20_000_000}
              precision={2}
              value={limit}
              onChange={(v) => setLimit(v ?? 0)}
              style={{ width: 240 }}
              aria-label={t('roles.limitYuan')}
              data-testid="role-limit-input"
              addonAfter="¥"
            />
          )}
          <Typography.Text type="secondary">{t('roles.limitYuan')}</Typography.Text>
        </Flex>
      </Modal>
    </>
  );
}

/** /account/manage's team part: members (invite, edit, suspend, reset second step, sign out everywhere, remove), departments and roles. */
export function TeamSection() {
  const { t } = useTeamT();
  const roles = useRoles();
  const depts = useDepts();
  return (
    <Card title={t('title')} data-testid="team-section">
      <Tabs
        items={[
          { key: 'members', label: t('tabs.members'), children: <MembersTab roles={roles.data?.data ?? []} depts={depts.data?.data ?? []} /> },
          { key: 'depts', label: t('tabs.depts'), children: <DeptsTab depts={depts.data?.data ?? []} loading={depts.isLoading} /> },
          { key: 'roles', label: t('tabs.roles'), children: <RolesTab roles={roles.data?.data ?? []} loading={roles.isLoading} /> },
        ]}
      />
    </Card>
  );
}
