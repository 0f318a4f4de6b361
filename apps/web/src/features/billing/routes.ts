import type { ComponentType } from 'react';

/** Billing's pages, each its own chunk (the chart library comes with the transactions page only). */
export const billingPages: Record<'creditRecords' | 'transactions' | 'invoice' | 'invoiceOrgs' | 'invoiceContacts' | 'myPrices' | 'operator', () => Promise<{ default: ComponentType }>> = {
  creditRecords: () => import('./pages/credit-records-page.tsx'),
  transactions: () => import('./pages/transactions-page.tsx'),
  invoice: () => import('./pages/invoice-page.tsx'),
  invoiceOrgs: () => import('./pages/invoice-orgs-page.tsx'),
  invoiceContacts: () => import('./pages/invoice-contacts-page.tsx'),
  myPrices: () => import('./pages/my-prices-page.tsx'),
  operator: () => import('./pages/operator-page.tsx'),
};
