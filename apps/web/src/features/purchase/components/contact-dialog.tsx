import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import type { z } from 'zod';
import type { contact } from '@cc/contracts/contacts';
import { cnMobilePattern, emailPattern } from '@cc/domain/account';
import { ApiError, fieldErrors } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { useSaveContact, type ContactInput } from '../api/save-contact.ts';
import { usePurchaseT } from '../i18n.ts';

export type Contact = z.infer<typeof contact>;

interface Props {
  open: boolean;
  /** The contact being edited; null adds a new one. The caller clears it on close (doc 02 §2). */
  editing: Contact | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

const fields = ['lastname', 'firstname', 'position', 'email', 'telephone'] as const;

/** 联系人 dialog: add or save; every field required but idCard (doc 02 §5). */
export function ContactDialog({ open, editing, onClose, onSaved }: Props) {
  const { t, msg } = usePurchaseT();
  const [form] = Form.useForm<ContactInput>();
  const save = useSaveContact();
  const site = useSiteConfig();
  const adding = !editing;

  // The dialog's body is destroyed when hidden, so the form mounts afresh on each opening with these values
  // (resetting in an effect instead raced with the first keystrokes).
  const initialValues: Partial<ContactInput> | undefined = editing
    ? { lastname: editing.lastname, firstname: editing.firstname, position: editing.position, email: editing.email, telephone: editing.telephone, idCard: editing.idCard }
    : undefined;

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const saved = await save.mutateAsync({ ...values, id: editing?.id });
      toast.success(adding ? t('common.addSuccess') : t('common.saveSuccess'));
      onSaved?.(saved.id);
      onClose();
    } catch (e) {
      if (e instanceof ApiError) form.setFields(Object.entries(fieldErrors(e)).map(([name, text]) => ({ name: name as keyof ContactInput, errors: [text] })));
      toast.notice('error', t('common.opFailed'), adding ? t('common.addFailed') : t('common.saveFailed'));
    }
  };

  const required = { required: true, whitespace: true, message: msg('v.required') };
  return (
    <Modal
      open={open}
      title={t('contact.dialogTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={adding ? t('common.add') : t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'contact-dialog-ok' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" validateTrigger={['onChange', 'onBlur']} data-testid="contact-dialog" preserve={false} initialValues={initialValues} key={editing?.id ?? 'new'}>
        <Form.Item name="lastname" label={t('contact.lastname')} rules={[required]}>
          <Input data-testid="contact-lastname" maxLength={50} />
        </Form.Item>
        <Form.Item name="firstname" label={t('contact.firstname')} rules={[required]}>
          <Input data-testid="contact-firstname" maxLength={50} />
        </Form.Item>
        <Form.Item name="position" label={t('contact.position')} rules={[required]}>
          <Input data-testid="contact-position" placeholder={t('contact.positionPlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item name="email" label={t('contact.email')} rules={[required, { pattern: emailPattern, message: msg('v.emailFormat') }]}>
          <Input data-testid="contact-email" maxLength={200} />
        </Form.Item>
        <Form.Item name="telephone" label={t('contact.telephone')} rules={[required, { pattern: cnMobilePattern, message: msg('v.phoneFormat') }]}>
          <Input data-testid="contact-telephone" maxLength={20} />
        </Form.Item>
        {site.features.cfca ? (
          <Form.Item name="idCard" label={t('contact.idCard')}>
            <Input data-testid="contact-idcard" placeholder={t('contact.idCardPlaceholder')} maxLength={64} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

export const contactFields = fields;

/** Option label (§3): last name + first name + the phone number from its 8th character onward. */
export function contactLabel(c: Pick<Contact, 'lastname' | 'firstname' | 'telephone'>): string {
  return `${c.lastname}${c.firstname} ${c.telephone.slice(7)}`.trim();
}
