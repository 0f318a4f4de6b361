import type { ComponentType } from 'react';

/** The discovery pages under /certhub/discovery/ (the log page, CT search, is not built yet). */
export const discoveryPages: Record<'dashboard' | 'manage' | 'profile' | 'certs' | 'cert', () => Promise<{ default: ComponentType }>> = {
  dashboard: () => import('./pages/dashboard-page.tsx'),
  manage: () => import('./pages/manage-page.tsx'),
  profile: () => import('./pages/profile-page.tsx'),
  certs: () => import('./pages/certs-page.tsx'),
  cert: () => import('./pages/cert-page.tsx'),
};
