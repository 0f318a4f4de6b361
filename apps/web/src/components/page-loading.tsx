import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import theme from 'antd/es/theme';

/** Shown while a page chunk or its data loads. */
export function PageLoading() {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }} aria-busy="true">
      <LoadingOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
    </div>
  );
}
