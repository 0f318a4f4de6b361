import Button from 'antd/es/button';
import Result from 'antd/es/result';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../hooks/use-route-title.ts';

/** Stands in for every screen not built yet: the page's title, why it is empty, and a way back. */
export default function NotYetPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Result
      data-testid="not-yet-page"
      icon={<ToolOutlined style={{ color: 'var(--ant-color-primary)' }} />}
      title={title}
      subTitle={
        <>
          <div style={{ fontWeight: 500, marginBottom: 4 }}>{t('notYet.subtitle')}</div>
          <div>{t('notYet.desc', { title })}</div>
        </>
      }
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('common.backToDashboard')}</Button>
        </Link>
      }
    />
  );
}
