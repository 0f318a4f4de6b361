import Button from 'antd/es/button';
import { useNavigate } from '@tanstack/react-router';

/** A price list's buy button: the order screen with this product (and term, in years) chosen. */
export function BuyButton({ productNo, year, label, ariaLabel, testId }: { productNo: string; year?: number; label: string; ariaLabel?: string; testId: string }) {
  const navigate = useNavigate();
  const query = new URLSearchParams({ productNo, ...(year ? { year: String(year) } : {}) }).toString();
  return (
    <Button size="small" type="primary" aria-label={ariaLabel} data-testid={testId} onClick={() => void navigate({ href: `/ssl/certificates?${query}` })}>
      {label}
    </Button>
  );
}
