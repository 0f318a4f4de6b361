import Tag from 'antd/es/tag';
import { reSignStatus } from '@cc/contracts/order-status';
import { formatValidity } from '@cc/domain/terms';
import { statusColour, statusEntry } from '../lib/status.ts';
import { useOrdersT } from '../i18n.ts';

/** The order status as a coloured tag (labels from contracts' orderStatuses), plus the re-sign tag when one is under way. */
export function StatusTag({ status, reSign = 0 }: { status: number; reSign?: number }) {
  const { lang } = useOrdersT();
  const entry = statusEntry(status);
  const re = reSign === reSignStatus.reSign ? statusEntry(reSignStatus.reSign) : undefined;
  return (
    <span data-testid="status-tag" data-status={status}>
      <Tag color={statusColour(status)} style={{ marginInlineEnd: re ? 4 : 0 }}>
        {entry ? entry[lang] : String(status)}
      </Tag>
      {re ? <Tag color={statusColour(re.code)}>{re[lang]}</Tag> : null}
    </span>
  );
}

/** "1 年" / "90 天": validity above 6 is days, otherwise years (doc 02 §4). */
export function useValidityText() {
  const { t } = useOrdersT();
  return (validity: number) => {
    const v = formatValidity(validity);
    return t(v.unit === 'day' ? 'term.day' : 'term.year', { count: v.value });
  };
}
