import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { CountrySelect } from '../../../components/country-select.tsx';
import { organizationInput, type organization } from '@cc/contracts/organizations';
import { validValues } from '../../../lib/form.ts';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { ApiError, fieldErrors } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveOrganization, type OrganizationInput } from '../api/save-organization.ts';
import { useLookupCompany } from '../api/lookup-company.ts';
import { usePurchaseT } from '../i18n.ts';
import { SaveDialog, type RecordDialogProps } from './save-dialog.tsx';

export type Organization = z.infer<typeof organization>;

/** Doc 02 §3: a company founded on an unknown date is recorded as 2019-01-01. */
const defaultDateOfIncorporation = '2019-01-01';
/** A new company is most often registered in China (the phone prefix defaults to +86 likewise). */
const defaultNationCode = 'CN';
const dateFormat = 'YYYY-MM-DD';

/** 公司 / 组织信息 dialog: every field required but the DigiCert ids; a lookup by name fills the form. */
export function OrgDialog(props: RecordDialogProps<Organization>) {
  const { editing } = props;
  const { t, msg } = usePurchaseT();
  const [form] = Form.useForm<OrganizationInput>();
  const save = useSaveOrganization();
  const lookup = useLookupCompany();

  // The form mounts afresh with these on each opening (see SaveDialog).
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
    : { nationCode: defaultNationCode, dateOfIncorporation: defaultDateOfIncorporation };

  const runLookup = async (name: string) => {
    if (!name.trim()) {
      await validValues(form, ['orgName']);
      return;
    }
    try {
      const r = await lookup.mutateAsync({ orgName: name.trim() });
      // name→orgName, country→nationCode, locality→city, registryAddr→address (doc 02 §3).
      form.setFieldsValue({ orgName: r.name, creditCode: r.creditCode, nationCode: r.country, province: r.province, city: r.locality, address: r.registryAddr, postalCode: r.postalCode, telephone: r.telephone });
      await validValues(form);
      toast.success(t('org.lookupFilled'));
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: 'orgName', errors: [fieldErrors(e).orgName ?? e.msg] }]);
    }
  };

  const required = [{ required: true, whitespace: true, message: msg('v.required') }];
  // Each field checked by the request's own schema (required, length), in the server's words.
  const fieldRules = (name: keyof OrganizationInput) => rulesFrom(organizationInput.shape[name], msg, { field: t(`org.${name}`) });
  const item = (name: keyof OrganizationInput, node: React.ReactNode, rules = fieldRules(name)) => (
    <Form.Item name={name} label={t(`org.${name}`)} rules={rules}>
      {node}
    </Form.Item>
  );
  return (
    <SaveDialog {...props} title={t('org.dialogTitle')} width={720} testId="org-dialog" form={form} initialValues={initialValues} save={save}>
      <Form.Item name="orgName" label={t('org.orgName')} rules={fieldRules('orgName')} extra={t('org.lookupHint')}>
        <Input.Search data-testid="org-name" enterButton={<span data-testid="org-lookup">{t('org.lookup')}</span>} loading={lookup.isPending} onSearch={(v) => void runLookup(v)} maxLength={200} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>{item('creditCode', <Input data-testid="org-creditCode" maxLength={64} />)}</Col>
        <Col xs={24} md={12}>{item('nationCode', <CountrySelect data-testid="org-nationCode" placeholder={t('org.nationPlaceholder')} />)}</Col>
        <Col xs={24} md={12}>{item('province', <Input data-testid="org-province" maxLength={100} />)}</Col>
        <Col xs={24} md={12}>{item('city', <Input data-testid="org-city" maxLength={100} />)}</Col>
        <Col xs={24} md={12}>{item('postalCode', <Input data-testid="org-postalCode" maxLength={20} />)}</Col>
        <Col xs={24} md={12}>{item('telephone', <Input data-testid="org-telephone" maxLength={40} />)}</Col>
        <Col span={24}>{item('address', <Input.TextArea data-testid="org-address" rows={2} maxLength={500} />)}</Col>
        <Col xs={24} md={8}>{item('digicertID', <Input maxLength={100} />)}</Col>
        <Col xs={24} md={8}>{item('digicertCnID', <Input maxLength={100} />)}</Col>
        <Col xs={24} md={8}>
          {/* Kept as yyyy-MM-dd text in the form, as the server takes it; the picker works on dayjs values. */}
          <Form.Item
            name="dateOfIncorporation"
            label={t('org.dateOfIncorporation')}
            rules={required}
            getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : undefined })}
            normalize={(d: Dayjs | null) => (d ? d.format(dateFormat) : '')}
          >
            <DatePicker format={dateFormat} allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')} style={{ width: '100%' }} data-testid="org-date" />
          </Form.Item>
        </Col>
      </Row>
    </SaveDialog>
  );
}
