import { useMemo, useState, useId } from 'react';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { generateSslConfig, GUIDELINES_VERSION, SSL_PROFILES, SSL_SERVERS, type SslProfile, type SslServer } from '@cc/pki';
import { OutputBlock } from '../components/output-block.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';

const FILE_NAMES: Record<SslServer, string> = {
  nginx: 'nginx.conf',
  apache: 'ssl.conf',
  haproxy: 'haproxy.cfg',
  caddy: 'Caddyfile',
  traefik: 'traefik-dynamic.yml',
  lighttpd: 'lighttpd.conf',
  tomcat: 'server.xml',
  iis: 'iis-tls.ps1',
  postfix: 'main.cf',
  dovecot: '10-ssl.conf',
  postgresql: 'postgresql.conf',
  mysql: 'my.cnf',
  go: 'tls.go',
};

export default function SslConfigPage() {
  // Ties each label to its control, so the control has an accessible name.
  const id = useId();
  const { t } = useToolsT();
  const [server, setServer] = useState<SslServer>('nginx');
  const [profile, setProfile] = useState<SslProfile>('intermediate');
  const [versions, setVersions] = useState<Partial<Record<SslServer, string>>>({});
  const [openssl, setOpenssl] = useState('3.4.0');
  const [hsts, setHsts] = useState(true);
  const [ocsp, setOcsp] = useState(true);
  const serverVersion = versions[server] ?? SSL_SERVERS[server].defaultVersion;
  const result = useMemo(
    () => generateSslConfig({ server, profile, serverVersion, opensslVersion: openssl, hsts, ocspStapling: ocsp }),
    [server, profile, serverVersion, openssl, hsts, ocsp],
  );

  return (
    <ToolCard title={t('ssl.title')}>
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('ssl.server')} htmlFor={`${id}-server`}>
              <Select<SslServer>
                id={`${id}-server`}
                value={server}
                onChange={setServer}
                showSearch={{ optionFilterProp: 'label' }}
                options={(Object.keys(SSL_SERVERS) as SslServer[]).map((s) => ({ label: SSL_SERVERS[s].name, value: s }))}
                data-testid="ssl-server"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('ssl.profile')} extra={t(`ssl.profileHelp.${profile}`)}>
              <Segmented<SslProfile> value={profile} onChange={setProfile} options={SSL_PROFILES.map((p) => ({ label: t(`ssl.${p}`), value: p }))} data-testid="ssl-profile" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('ssl.serverVersion')} htmlFor={`${id}-version`}>
              <Input id={`${id}-version`} value={serverVersion} onChange={(e) => setVersions({ ...versions, [server]: e.target.value })} />
            </Form.Item>
          </Col>
          {SSL_SERVERS[server].usesOpenssl && (
            <Col xs={12} md={6}>
              <Form.Item label={t('ssl.opensslVersion')} htmlFor={`${id}-openssl`}>
                <Input id={`${id}-openssl`} value={openssl} onChange={(e) => setOpenssl(e.target.value)} />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={6}>
            <Form.Item label={t('ssl.hsts')} htmlFor={`${id}-hsts`}>
              <Switch id={`${id}-hsts`} aria-label={t('ssl.hsts')} checked={hsts} onChange={setHsts} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('ssl.ocsp')} htmlFor={`${id}-ocsp`}>
              <Switch id={`${id}-ocsp`} aria-label={t('ssl.ocsp')} checked={ocsp} onChange={setOcsp} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('ssl.guideline', { version: GUIDELINES_VERSION })}</Typography.Text>
        <Flex gap={6} wrap align="center">
          <Typography.Text strong>{t('ssl.oldestClients')}:</Typography.Text>
          {result.oldestClients.map((c) => (
            <Tag key={c} style={{ marginInlineEnd: 0 }}>
              {c}
            </Tag>
          ))}
        </Flex>
        <OutputBlock title={FILE_NAMES[server]} text={result.text} fileName={FILE_NAMES[server]} testId="ssl-output" rows={16} />
      </Flex>
    </ToolCard>
  );
}
