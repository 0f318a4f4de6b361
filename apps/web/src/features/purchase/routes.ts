import type { ComponentType } from 'react';

/**
 * The pages of the purchase area. The route table imports this module lazily (one small chunk): the
 * pages' own preload lists then live here rather than in the first page's route table.
 */
export const purchasePages: Record<'purchase' | 'products' | 'dcvEmails' | 'contacts' | 'organizations', () => Promise<{ default: ComponentType }>> = {
  purchase: () => import('./pages/purchase-page.tsx'),
  products: () => import('./pages/products-page.tsx'),
  dcvEmails: () => import('./pages/dcv-emails-page.tsx'),
  contacts: () => import('./pages/contacts-page.tsx'),
  organizations: () => import('./pages/organizations-page.tsx'),
};
