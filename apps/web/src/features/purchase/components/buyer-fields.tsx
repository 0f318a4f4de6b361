import { memo } from 'react';
import Form from 'antd/es/form';
import { usePurchaseT } from '../i18n.ts';
import type { Contact } from './contact-dialog.tsx';
import { ContactSelect } from './contact-select.tsx';
import { fieldStatus } from './field-status.tsx';
import type { Organization } from './org-dialog.tsx';
import { OrgSelect } from './org-select.tsx';

export interface BuyerFieldsProps {
  showContact: boolean;
  contact: Contact | null;
  contactError: string | null;
  showOrg: boolean;
  org: Organization | null;
  orgError: string | null;
  onContact: (c: Contact | null) => void;
  onOrg: (o: Organization | null) => void;
}

/** Order form steps 9 and 10 (§2): the contact and the company, for the products that need them. */
export const BuyerFields = memo(function BuyerFields(p: BuyerFieldsProps) {
  const { t } = usePurchaseT();
  return (
    <>
      {/* 9. contact */}
      {p.showContact ? (
        <Form.Item label={t('buy.contact')} {...fieldStatus(p.contactError, 'contactID')}>
          <ContactSelect value={p.contact} onChange={p.onContact} />
        </Form.Item>
      ) : null}
      {/* 10. company */}
      {p.showOrg ? (
        <Form.Item label={t('buy.org')} {...fieldStatus(p.orgError, 'orgID')}>
          <OrgSelect value={p.org} onChange={p.onOrg} />
        </Form.Item>
      ) : null}
    </>
  );
});
