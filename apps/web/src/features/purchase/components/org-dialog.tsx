import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import type { z } from 'zod';
import type { organization } from '@cc/contracts/organizations';
import { ApiError, fieldErrors } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveOrganization, type OrganizationInput } from '../api/save-organization.ts';
import { useLookupCompany } from '../api/lookup-company.ts';
import { usePurchaseT } from '../i18n.ts';

export type Organization = z.infer<typeof organization>;

/** Doc 02 §3: a company founded on an unknown date is recorded as 2019-01-01. */
const defaultDateOfIncorporation = '2019-01-01';

interface Props {
  open: boolean;
  /** The company being edited; null adds one. The caller clears it on close (doc 02 §2). */
  editing: Organization | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** 公司 / 组织信息 dialog: every field required but the DigiCert ids; a lookup by name fills the form. */
export function OrgDialog({ open, editing, onClose, onSaved }: Props) {
  const { t, msg } = usePurchaseT();
  const [form] = Form.useForm<OrganizationInput>();
  const save = useSaveOrganization();
  const lookup = useLookupCompany();
  const adding = !editing;

  // The dialog's body is destroyed when hidden, so the form mounts afresh on each opening with these values
  // (resetting in an effect instead raced with the first keystrokes).
  const initialValues: Partial<OrganizationInput> = editing
    ? {
        orgName: editing.orgName,
        creditCode: editing.creditCode,
        nationCode: editing.nationCode,
        province: editing.province,
        city: editing.city,
        postalCode: editing.postalCode,
        address: editing.address,
        telephone: editing.telephone,
        digicertID: editing.digicertID,
        digicertCnID: editing.digicertCnID,
        dateOfIncorporation: editing.dateOfIncorporation || defaultDateOfIncorporation,
      }
    : { dateOfIncorporation: defaultDateOfIncorporation };

  const runLookup = async (name: string) => {
    if (!name.trim()) {
      await form.validateFields(['orgName']);
      return;
    }
    try {
      const r = await lookup.mutateAsync({ orgName: name.trim() });
      // name→orgName, country→nationCode, locality→city, registryAddr→address (doc 02 §3).
      form.setFieldsValue({ orgName: r.name, creditCode: r.creditCode, nationCode: r.country, province: r.province, city: r.locality, address: r.registryAddr, postalCode: r.postalCode, telephone: r.telephone });
      await form.validateFields().catch(() => undefined);
      toast.success(t('org.lookupFilled'));
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: 'orgName', errors: [fieldErrors(e).orgName ?? e.msg] }]);
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const saved = await save.mutateAsync({ ...values, id: editing?.id });
      toast.success(adding ? t('common.addSuccess') : t('common.saveSuccess'));
      onSaved?.(saved.id);
      onClose();
    } catch (e) {
      if (e instanceof ApiError) form.setFields(Object.entries(fieldErrors(e)).map(([name, text]) => ({ name: name as keyof OrganizationInput, errors: [text] })));
      toast.notice('error', t('common.opFailed'), adding ? t('common.addFailed') : t('common.saveFailed'));
    }
  };

  const required = [{ required: true, whitespace: true, message: msg('v.required') }];
  const item = (name: keyof OrganizationInput, node: React.ReactNode, rules = required) => (
    <Form.Item name={name} label={t(`org.${name}`)} rules={rules}>
      {node}
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={t('org.dialogTitle')}
      width={720}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={adding ? t('common.add') : t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'org-dialog-ok' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" validateTrigger={['onChange', 'onBlur']} data-testid="org-dialog" preserve={false} initialValues={initialValues} key={editing?.id ?? 'new'}>
        <Form.Item name="orgName" label={t('org.orgName')} rules={required} extra={t('org.lookupHint')}>
          <Input.Search data-testid="org-name" enterButton={<span data-testid="org-lookup">{t('org.lookup')}</span>} loading={lookup.isPending} onSearch={(v) => void runLookup(v)} maxLength={200} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>{item('creditCode', <Input data-testid="org-creditCode" maxLength={64} />)}</Col>
          <Col xs={24} md={12}>{item('nationCode', <Input data-testid="org-nationCode" maxLength={8} placeholder="CN" />)}</Col>
          <Col xs={24} md={12}>{item('province', <Input data-testid="org-province" maxLength={100} />)}</Col>
          <Col xs={24} md={12}>{item('city', <Input data-testid="org-city" maxLength={100} />)}</Col>
          <Col xs={24} md={12}>{item('postalCode', <Input data-testid="org-postalCode" maxLength={20} />)}</Col>
          <Col xs={24} md={12}>{item('telephone', <Input data-testid="org-telephone" maxLength={40} />)}</Col>
          <Col span={24}>{item('address', <Input.TextArea data-testid="org-address" rows={2} maxLength={500} />)}</Col>
          <Col xs={24} md={8}>{item('digicertID', <Input maxLength={100} />, [])}</Col>
          <Col xs={24} md={8}>{item('digicertCnID', <Input maxLength={100} />, [])}</Col>
          <Col xs={24} md={8}>{item('dateOfIncorporation', <Input type="date" data-testid="org-date" />)}</Col>
        </Row>
      </Form>
    </Modal>
  );
}
