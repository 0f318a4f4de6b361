import type { InvoiceContact } from '../api/invoice-templates.ts';
import { TemplatePage } from '../components/template-page.tsx';
import { useBillingT } from '../i18n.ts';

/** /account/invoice/mailling-template: where paper invoices are posted. */
export default function InvoiceContactsPage() {
  const { t } = useBillingT();
  return (
    <TemplatePage<InvoiceContact>
      kind="invoiceContacts"
      testId="invoice-contacts"
      title={t('contacts.title')}
      dialogTitle={t('contacts.dialog')}
      fields={[
        { name: 'name', label: t('contacts.name') },
        { name: 'telephone', label: t('contacts.telephone') },
        { name: 'address', label: t('contacts.address'), textarea: true },
      ]}
    />
  );
}
