import type { ComponentType } from 'react';

/**
 * The certificate tools under /certhub/tools/. The app's route table (src/app) maps each path to a lazily
 * loaded page from here; this feature owns the pages. None of them calls the product's API, except the site audit
 * (report/*: the server scans the host) and batch-cfdns (the server relays to Cloudflare): see no-network.test.ts.
 */
export const toolPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  'gen-csr': () => import('./pages/gen-csr-page.tsx'),
  'parse-csr': () => import('./pages/parse-csr-page.tsx'),
  'convert-cert': () => import('./pages/convert-cert-page.tsx'),
  'convert-private-key': () => import('./pages/convert-private-key-page.tsx'),
  'parse-cert': () => import('./pages/parse-cert-page.tsx'),
  'match-pair': () => import('./pages/match-pair-page.tsx'),
  'ssl-config': () => import('./pages/ssl-config-page.tsx'),
  'batch-replace': () => import('./pages/batch-replace-page.tsx'),
  'report/new': () => import('./pages/report-new-page.tsx'),
  'report/$domain': () => import('./pages/report-page.tsx'),
  'batch-cfdns': () => import('./pages/batch-cfdns-page.tsx'),
};
