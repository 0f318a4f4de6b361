import type { ComponentType } from 'react';

/** The discovery pages under /certhub/discovery/. */
export const discoveryPages: Record<'dashboard' | 'manage' | 'profile' | 'certs' | 'cert' | 'log', () => Promise<{ default: ComponentType }>> = {
  dashboard: () => import('./pages/dashboard-page.tsx'),
  manage: () => import('./pages/manage-page.tsx'),
  profile: () => import('./pages/profile-page.tsx'),
  certs: () => import('./pages/certs-page.tsx'),
  cert: () => import('./pages/cert-page.tsx'),
  log: () => import('./pages/log-page.tsx'),
};
