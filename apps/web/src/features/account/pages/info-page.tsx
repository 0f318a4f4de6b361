import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import theme from 'antd/es/theme';
import { Link, useRouter } from '@tanstack/react-router';
import { maskContact } from '@cc/domain/account';
import type { ProfileAnswer, ProfileProgress } from '@cc/contracts/account';
import { CountrySelect } from '../../../components/country-select.tsx';
import { validValues } from '../../../lib/form.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSaveProfile, type ProfileBody } from '../api/save-profile.ts';
import { useAccountT } from '../i18n.ts';

/** The checklist of a complete profile (what the card provider needs, code 12077), item by item. */
function Checklist({ progress }: { progress: ProfileProgress }) {
  const { t } = useAccountT();
  const { token } = theme.useToken();
  return (
    <Card title={t('info.checklist')} data-testid="profile-checklist" data-complete={progress.complete ? 'Y' : 'N'}>
      <Flex gap={16} align="center" style={{ marginBottom: 12 }}>
        <Progress type="circle" size={72} percent={progress.percent} status={progress.complete ? 'success' : 'normal'} aria-label={t('info.checklist')} />
        <Typography.Text type="secondary">{t('info.checklistDesc')}</Typography.Text>
      </Flex>
      {progress.items.map((i) => (
        <Flex key={i.item} gap={8} align="center" style={{ padding: '6px 0' }} data-testid={`profile-item-${i.item}`} data-done={i.done ? 'Y' : 'N'}>
          {i.done ? <CheckCircleFilled style={{ color: token.colorSuccess }} /> : <ExclamationCircleOutlined style={{ color: token.colorWarning }} />}
          <span style={{ flex: 1 }}>{t(`info.items.${i.item}`)}</span>
          <Typography.Text>{i.done ? t('info.done') : t('info.todo')}</Typography.Text>
        </Flex>
      ))}
    </Card>
  );
}

function ProfileForm({ profile }: { profile: ProfileAnswer }) {
  const { t, msg } = useAccountT();
  const router = useRouter();
  const [form] = Form.useForm<ProfileBody>();
  const save = useSaveProfile();
  const [justCompleted, setJustCompleted] = useState(false);
  const required = { required: true, whitespace: true, message: msg('v.required') };

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      const wasComplete = profile.progress.complete;
      const saved = await save.mutateAsync(v);
      toast.success(t('info.saved'));
      setJustCompleted(!wasComplete && saved.progress.complete);
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = Object.entries(e.errors).filter(([k]) => k in v);
        if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name: name as keyof ProfileBody, errors: [errors] })));
        else toast.error(e.msg);
      }
    }
  };

  return (
    <Card title={t('info.form')} extra={profile.updatedAt ? <Typography.Text type="secondary">{t('info.updatedAt', { time: profile.updatedAt })}</Typography.Text> : null}>
      {justCompleted ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('info.completeNow')}
          data-testid="profile-complete-now"
          action={<Button size="small" onClick={() => router.history.back()}>{t('info.backToPay')}</Button>}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        data-testid="profile-form"
        requiredMark
        initialValues={{
          lastname: profile.lastname,
          firstname: profile.firstname,
          companyName: profile.companyName,
          nationCode: profile.nationCode || undefined,
          province: profile.province,
          city: profile.city,
          address: profile.address,
          postalCode: profile.postalCode,
        }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="lastname" label={t('info.lastname')} rules={[required]}>
              <Input maxLength={50} data-testid="profile-lastname" autoComplete="family-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="firstname" label={t('info.firstname')} rules={[required]}>
              <Input maxLength={50} data-testid="profile-firstname" autoComplete="given-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="companyName" label={t('info.companyName')}>
          <Input maxLength={200} data-testid="profile-company" autoComplete="organization" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="nationCode" label={t('info.nationCode')} rules={[{ required: true, message: msg('v.required') }]}>
              <CountrySelect data-testid="profile-country" aria-label={t('info.nationCode')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="province" label={t('info.province')} rules={[required]}>
              <Input maxLength={100} data-testid="profile-province" autoComplete="address-level1" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="city" label={t('info.city')} rules={[required]}>
              <Input maxLength={100} data-testid="profile-city" autoComplete="address-level2" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={16}>
            <Form.Item name="address" label={t('info.address')} rules={[required]}>
              <Input maxLength={300} data-testid="profile-address" autoComplete="street-address" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="postalCode" label={t('info.postalCode')} rules={[{ pattern: /^$|^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, message: msg('profile.v.postalCode') }]}>
              <Input maxLength={20} data-testid="profile-postal-code" autoComplete="postal-code" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('info.email')} htmlFor="profile-email" extra={<Link to="/account/secure">{t('info.boundHere')}</Link>}>
              <Input id="profile-email" value={profile.email ? maskContact(profile.email) : '-'} disabled data-testid="profile-email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('info.telephone')} htmlFor="profile-telephone" extra={<Link to="/account/secure">{t('info.boundHere')}</Link>}>
              <Input id="profile-telephone" value={profile.telephone ? `+${profile.telPrefix} ${maskContact(profile.telephone)}` : '-'} disabled data-testid="profile-telephone" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="profile-save">
          {t('info.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** /account/info: the personal profile and the checklist that says when it is complete (code 12077 sends users here). */
export default function InfoPage() {
  const { t } = useAccountT();
  const profile = useProfile();
  return (
    <div data-testid="account-info-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('translation:route.account.info')}
      </Typography.Title>
      {profile.isPending ? (
        <Skeleton active />
      ) : profile.error || !profile.data ? (
        <Alert type="error" showIcon title={profile.error instanceof ApiError ? profile.error.msg : t('translation:http.disconnected')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <ProfileForm profile={profile.data} />
          </Col>
          <Col xs={24} xl={8}>
            <Checklist progress={profile.data.progress} />
          </Col>
        </Row>
      )}
    </div>
  );
}
