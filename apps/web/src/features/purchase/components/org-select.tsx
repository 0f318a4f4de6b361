import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { selectPageSize } from '@cc/domain/terms';
import { useOrganizations } from '../api/get-organizations.ts';
import { usePurchaseT } from '../i18n.ts';
import { OrgDialog, type Organization } from './org-dialog.tsx';
import { PagedSelect } from './paged-select.tsx';

interface Props {
  value: Organization | null;
  onChange: (o: Organization | null) => void;
}

/** The order's company: page size 10, a pager past 10, the first (newest) one chosen automatically (§2). */
export function OrgSelect({ value, onChange }: Props) {
  const { t } = usePurchaseT();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ editing: Organization | null } | null>(null);
  const [justSaved, setJustSaved] = useState<number | null>(null);
  const list = useOrganizations({ limit: selectPageSize, offset: page });
  const items = list.data?.data ?? [];
  const first = items[0];

  useEffect(() => {
    if (!value && first && justSaved === null) onChange(first);
  }, [value, first, justSaved, onChange]);

  useEffect(() => {
    if (justSaved === null) return;
    const hit = items.find((o) => o.id === justSaved);
    if (hit) {
      onChange(hit);
      setJustSaved(null);
    }
  }, [items, justSaved, onChange]);

  return (
    <Flex gap={8} align="center" wrap>
      <PagedSelect
        testId="org-select"
        items={items}
        total={list.data?.total ?? 0}
        page={page}
        onPage={setPage}
        selected={value}
        onChange={onChange}
        label={(o) => o.name || o.orgName}
        placeholder={t('org.select')}
        loading={list.isFetching}
      />
      <Button icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })} data-testid="org-add">
        {t('common.add')}
      </Button>
      <Button icon={<EditOutlined />} disabled={!value} onClick={() => setDialog({ editing: value })} data-testid="org-edit">
        {t('common.edit')}
      </Button>
      <OrgDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={(id) => {
          if (!dialog?.editing) setPage(1);
          setJustSaved(id);
        }}
      />
    </Flex>
  );
}
