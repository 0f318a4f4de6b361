import { useState } from 'react';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import type { OrderDetail } from '@cc/contracts/orders';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveDomainList } from '../api/domain-list.ts';
import { useOrdersT } from '../i18n.ts';

const splitNames = (text: string) =>
  text
    .split(/[\s,;，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The names of an order waiting for validation (POST /v1/orders/domainList/{orderNo}): the common name is fixed,
 * the others are one per line. The server checks the product's rules and the paid count; its message shows here.
 */
export function DomainListDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const { t } = useOrdersT();
  const save = useSaveDomainList(order.orderNo);
  const others = order.domainNames.filter((d) => d !== order.commonName);
  const [text, setText] = useState(others.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const names = [order.commonName, ...splitNames(text).filter((n) => n !== order.commonName)];
  const paid = order.domainNames.length;

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync(names);
      toast.success(t('dcv.editSaved'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError) setError(e.errors.domainNames ?? e.msg);
    }
  };

  return (
    <Modal
      open
      title={t('dcv.editTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('dcv.editSave')}
      confirmLoading={save.isPending}
      okButtonProps={{ ...({ 'data-testid': 'domain-list-save' } as object) }}
      destroyOnHidden
      width={560}
    >
      <div data-testid="domain-list-dialog">
        <Typography.Paragraph type="secondary">{t('dcv.editIntro')}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('dcv.commonName')}>
            <Input value={order.commonName} disabled data-testid="domain-list-cn" />
          </Form.Item>
          <Form.Item
            label={t('dcv.otherNames')}
            extra={
              <span data-testid="domain-list-count" data-count={names.length} data-paid={paid}>
                {t('dcv.namesCount', { count: names.length, paid })}
              </span>
            }
            validateStatus={error ? 'error' : undefined}
          >
            <Input.TextArea
              autoSize={{ minRows: 5, maxRows: 14 }}
              value={text}
              placeholder={t('dcv.otherNamesHint')}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              data-testid="domain-list-input"
            />
          </Form.Item>
        </Form>
        {error ? <Alert type="error" showIcon title={error} data-testid="domain-list-error" /> : null}
      </div>
    </Modal>
  );
}
