import { memo } from 'react';
import { PreviewCard, type PreviewData } from './preview-card.tsx';

/** The preview card with one prop per figure, so that it re-renders only when one of them changes. */
export const OrderPreview = memo(function OrderPreview(d: PreviewData) {
  return <PreviewCard d={d} />;
});
