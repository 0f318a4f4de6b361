import { useState } from 'react';
import { selectPageSize } from '@cc/domain/terms';
import { useContacts } from '../api/get-contacts.ts';
import { usePurchaseT } from '../i18n.ts';
import { ContactDialog, contactLabel, type Contact } from './contact-dialog.tsx';
import { RecordSelect, type ChoiceProps } from './record-select.tsx';

/** The order's contact: a paged select with add and edit buttons (§2). A saved contact becomes the choice. */
export function ContactSelect(props: ChoiceProps<Contact>) {
  const { t } = usePurchaseT();
  const [page, setPage] = useState(1);
  const list = useContacts({ limit: selectPageSize, offset: page });
  return <RecordSelect {...props} testId="contact" list={list} page={page} onPage={setPage} label={contactLabel} placeholder={t('contact.select')} Dialog={ContactDialog} />;
}
