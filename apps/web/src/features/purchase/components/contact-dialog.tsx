import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { z } from 'zod';
import { contactInput, type contact } from '@cc/contracts/contacts';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { useSaveContact, type ContactInput } from '../api/save-contact.ts';
import { usePurchaseT } from '../i18n.ts';
import { SaveDialog, type RecordDialogProps } from './save-dialog.tsx';

export type Contact = z.infer<typeof contact>;

const fields = ['lastname', 'firstname', 'position', 'email', 'telephone'] as const;

/** 联系人 dialog: add or save; every field required but idCard (doc 02 §5). */
export function ContactDialog(props: RecordDialogProps<Contact>) {
  const { editing } = props;
  const { t, msg } = usePurchaseT();
  const [form] = Form.useForm<ContactInput>();
  const save = useSaveContact();
  const site = useSiteConfig();

  // The form mounts afresh with these on each opening (see SaveDialog).
  const initialValues: Partial<ContactInput> | undefined = editing
    ? { lastname: editing.lastname, firstname: editing.firstname, position: editing.position, email: editing.email, telephone: editing.telephone, idCard: editing.idCard }
    : undefined;

  // The request's own schema checks each field; a blank one says "required" rather than "format incorrect".
  const rules = (name: (typeof fields)[number]) => rulesFrom(contactInput.shape[name], msg, { field: t(`contact.${name}`), empty: msg('v.required') });
  return (
    <SaveDialog {...props} title={t('contact.dialogTitle')} testId="contact-dialog" form={form} initialValues={initialValues} save={save}>
      <Form.Item name="lastname" label={t('contact.lastname')} rules={rules('lastname')}>
        <Input data-testid="contact-lastname" maxLength={50} />
      </Form.Item>
      <Form.Item name="firstname" label={t('contact.firstname')} rules={rules('firstname')}>
        <Input data-testid="contact-firstname" maxLength={50} />
      </Form.Item>
      <Form.Item name="position" label={t('contact.position')} rules={rules('position')}>
        <Input data-testid="contact-position" placeholder={t('contact.positionPlaceholder')} maxLength={100} />
      </Form.Item>
      <Form.Item name="email" label={t('contact.email')} rules={rules('email')}>
        <Input data-testid="contact-email" maxLength={200} />
      </Form.Item>
      <Form.Item name="telephone" label={t('contact.telephone')} rules={rules('telephone')}>
        <Input data-testid="contact-telephone" maxLength={20} />
      </Form.Item>
      {site.features.cfca ? (
        <Form.Item name="idCard" label={t('contact.idCard')}>
          <Input data-testid="contact-idcard" placeholder={t('contact.idCardPlaceholder')} maxLength={64} />
        </Form.Item>
      ) : null}
    </SaveDialog>
  );
}

export const contactFields = fields;
