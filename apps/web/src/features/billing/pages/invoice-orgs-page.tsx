import { creditCodeFault } from '@cc/domain/real-name';
import { emailPattern } from '@cc/domain/account';
import type { InvoiceOrg } from '../api/invoice-templates.ts';
import { TemplatePage } from '../components/template-page.tsx';
import { useBillingT } from '../i18n.ts';
import { messagesReady } from '../../../i18n/index.ts';

/** /account/invoice/invoice-template: invoice titles (organisation, taxpayer number checked as the server checks it, bank, address, email). */
export default function InvoiceOrgsPage() {
  const { t, msg } = useBillingT();
  const req = (label: string) => [{ required: true, whitespace: true, message: label }];
  return (
    <TemplatePage<InvoiceOrg>
      kind="invoiceOrganizations"
      testId="invoice-orgs"
      title={t('orgs.title')}
      dialogTitle={t('orgs.dialog')}
      fields={[
        { name: 'orgName', label: t('orgs.orgName') },
        {
          name: 'taxNum',
          label: t('orgs.taxNum'),
          rules: [
            ...req(t('orgs.taxNum')),
            {
              validator: async (_, v: string) => {
                if (!v || creditCodeFault(v.trim().toUpperCase()) === null) return;
                // The rule messages come after the first paint: the check words its refusal once they are here.
                await messagesReady();
                throw new Error(msg('bill.taxNum'));
              },
            },
          ],
        },
        { name: 'telephone', label: t('orgs.telephone') },
        { name: 'bankName', label: t('orgs.bankName') },
        { name: 'bankAccount', label: t('orgs.bankAccount'), rules: [...req(t('orgs.bankAccount')), { pattern: /^\d{6,34}$/, message: msg('bill.bankAccount') }] },
        { name: 'address', label: t('orgs.address'), textarea: true },
        { name: 'email', label: t('orgs.email'), rules: [...req(t('orgs.email')), { pattern: emailPattern, message: msg('v.emailFormat') }] },
      ]}
    />
  );
}
