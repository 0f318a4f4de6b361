import type { ComponentType } from 'react';

/** My account's pages (secure-page loads on its own, from the route table). */
export const accountPages: Record<'center' | 'info' | 'notify' | 'log' | 'developer' | 'manage', () => Promise<{ default: ComponentType }>> = {
  center: () => import('./pages/center-page.tsx'),
  info: () => import('./pages/info-page.tsx'),
  notify: () => import('./pages/notify-page.tsx'),
  log: () => import('./pages/log-page.tsx'),
  developer: () => import('./pages/developer-page.tsx'),
  manage: () => import('./pages/manage-page.tsx'),
};
