import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '@cc/domain/account';

/** Four bars: length 8 plus upper, lower, digit and special characters (doc 02 §5). */
export function PasswordStrength({ value }: { value: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const score = value ? passwordStrength(value) : 0;
  const levels = t('auth.signUp.strengthLevels', { returnObjects: true }) as unknown as string[];
  const colors = [token.colorError, token.colorError, token.colorWarning, token.colorInfo, token.colorSuccess];
  return (
    <div style={{ marginTop: -12, marginBottom: 16 }} data-testid="password-strength" data-score={score}>
      <Flex gap={4} align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {t('auth.signUp.strength')}
        </Typography.Text>
        {[1, 2, 3, 4].map((i) => (
          <div key={i} style={{ flex: 1, height: 4, borderRadius: 2, background: value && score >= i ? colors[score] : token.colorFillSecondary }} />
        ))}
        <Typography.Text style={{ fontSize: 12, minWidth: 36, textAlign: 'right', color: value ? colors[score] : undefined }}>{value ? levels[score] : ''}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('auth.signUp.strengthHint')}
      </Typography.Text>
    </div>
  );
}
