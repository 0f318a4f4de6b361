import type { ComponentType } from 'react';

/**
 * Pages of the orders area that need nothing from other features. The list and details pages take an `onPay`
 * callback and reach the route table through src/app/compose, which plugs payment in.
 */
export const orderPages: Record<'orgDomains', () => Promise<{ default: ComponentType }>> = {
  orgDomains: () => import('./pages/org-domains-page.tsx'),
};
