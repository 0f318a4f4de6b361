import type { ComponentType } from 'react';

/** Pages that combine features (loaded through this small chunk, like each feature's routes.ts). */
export const composedPages: Record<'purchaseWithPayment', () => Promise<{ default: ComponentType }>> = {
  purchaseWithPayment: () => import('./purchase-with-payment.tsx'),
};
