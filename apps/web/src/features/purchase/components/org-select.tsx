import { lazy, useState } from 'react';
import { selectPageSize } from '@cc/domain/terms';
import { useOrganizations } from '../api/get-organizations.ts';
import { usePurchaseT } from '../i18n.ts';
import type { Organization } from './org-dialog.tsx';
import { RecordSelect, type ChoiceProps } from './record-select.tsx';

// The dialog (its form, date picker and the contract's rules) loads when first opened: the order screen shows without it.
const OrgDialog = lazy(() => import('./org-dialog.tsx').then((m) => ({ default: m.OrgDialog })));

/** The order's company: page size 10, a pager past 10, the first (newest) one chosen automatically (§2). */
export function OrgSelect(props: ChoiceProps<Organization>) {
  const { t } = usePurchaseT();
  const [page, setPage] = useState(1);
  const list = useOrganizations({ limit: selectPageSize, offset: page });
  return <RecordSelect {...props} testId="org" list={list} page={page} onPage={setPage} label={(o) => o.name || o.orgName} placeholder={t('org.select')} Dialog={OrgDialog} pickFirst />;
}
