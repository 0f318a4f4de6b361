import Segmented from 'antd/es/segmented';
import { useNavigate } from '@tanstack/react-router';
import { useDiscoveryT } from '../i18n.ts';

const screens = ['dashboard', 'manage', 'profile', 'certs', 'log'] as const;

/** Moves between the discovery screens. */
export function DiscoveryNav({ current }: { current: (typeof screens)[number] }) {
  const { t } = useDiscoveryT();
  const navigate = useNavigate();
  return (
    <nav aria-label={t('nav.dashboard')} style={{ marginBottom: 16 }}>
      <Segmented
        value={current}
        options={screens.map((s) => ({ value: s, label: t(`nav.${s}`) }))}
        onChange={(v) => void navigate({ to: `/certhub/discovery/${v}` })}
        data-testid="discovery-nav"
      />
    </nav>
  );
}
