import type { ComponentType } from 'react';

/** The orders pages with payment plugged in (loaded through this small chunk, like compose/pages.ts). */
export const ordersComposedPages: Record<'list' | 'expiring' | 'details', () => Promise<{ default: ComponentType }>> = {
  list: () => import('./orders-with-payment.tsx').then((m) => ({ default: m.OrdersListWithPayment })),
  expiring: () => import('./orders-with-payment.tsx').then((m) => ({ default: m.ExpiringOrdersWithPayment })),
  details: () => import('./order-details-with-payment.tsx').then((m) => ({ default: m.OrderDetailsWithPayment })),
};
