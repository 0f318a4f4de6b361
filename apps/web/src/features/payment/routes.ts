import type { ComponentType } from 'react';

/**
 * The pages of payment. The route table imports this module lazily (one small chunk), so the pages' own
 * preload lists stay out of the first page.
 */
export const paymentPages: Record<'payment' | 'batch' | 'paymentTest' | 'deposit' | 'depositTest', () => Promise<{ default: ComponentType }>> = {
  payment: () => import('./pages/payment-page.tsx'),
  batch: () => import('./pages/batch-payment-page.tsx'),
  paymentTest: () => import('./pages/payment-test-page.tsx'),
  deposit: () => import('./pages/deposit-page.tsx'),
  depositTest: () => import('./pages/deposit-test-page.tsx'),
};
