import type { ComponentType } from 'react';

/** DNS hosting's pages: /domain/dns, /domain/dns/{domain}, /domain/batch/dns. */
export const dnsPages: Record<'zones' | 'records' | 'batch', () => Promise<{ default: ComponentType }>> = {
  zones: () => import('./pages/zones-page.tsx'),
  records: () => import('./pages/records-page.tsx'),
  batch: () => import('./pages/batch-page.tsx'),
};
