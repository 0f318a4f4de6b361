import { lazy, useState } from 'react';
import { selectPageSize } from '@cc/domain/terms';
import { useContacts } from '../api/get-contacts.ts';
import { usePurchaseT } from '../i18n.ts';
import type { Contact } from './contact-dialog.tsx';
import { RecordSelect, type ChoiceProps } from './record-select.tsx';

// The dialog (its form and the contract's rules) loads when first opened: the order screen shows without it.
const ContactDialog = lazy(() => import('./contact-dialog.tsx').then((m) => ({ default: m.ContactDialog })));

/** Option label (§3): last name + first name + the phone number from its 8th character onward. */
export function contactLabel(c: Pick<Contact, 'lastname' | 'firstname' | 'telephone'>): string {
  return `${c.lastname}${c.firstname} ${c.telephone.slice(7)}`.trim();
}

/** The order's contact: a paged select with add and edit buttons (§2). A saved contact becomes the choice. */
export function ContactSelect(props: ChoiceProps<Contact>) {
  const { t } = usePurchaseT();
  const [page, setPage] = useState(1);
  const list = useContacts({ limit: selectPageSize, offset: page });
  return <RecordSelect {...props} testId="contact" list={list} page={page} onPage={setPage} label={contactLabel} placeholder={t('contact.select')} Dialog={ContactDialog} />;
}
