import type { ComponentType } from 'react';

type Page = () => Promise<{ default: ComponentType }>;
const pick = <M,>(load: () => Promise<M>, name: keyof M): Page => () => load().then((m) => ({ default: m[name] as ComponentType }));
const manage = () => import('./components/manage-page.tsx');
const renew = () => import('./components/renew-pages.tsx');
const transfer = () => import('./components/transfer-pages.tsx');
const batch = () => import('./components/batch-pages.tsx');

/** The domain area's pages (/domain); /domain/dns, dns/{domain} and batch/dns belong to the DNS area. */
type Name = 'search' | 'mine' | 'expiring' | 'expired' | 'forSale' | 'detail' | 'renewForm' | 'renewList' | 'transferIn' | 'transferInList' | 'transferOut' | 'transferOutList'
  | 'contact' | 'group' | 'batchOwnership' | 'batchResolution' | 'batchGroup' | 'batchRemark' | 'batchSearch' | 'price';

export const domainPages: Record<Name, Page> = {
  search: () => import('./components/search-page.tsx'),
  mine: pick(manage, 'MinePage'),
  expiring: pick(manage, 'ExpiringPage'),
  expired: pick(manage, 'ExpiredPage'),
  forSale: pick(manage, 'ForSalePage'),
  detail: () => import('./components/detail-page.tsx'),
  renewForm: pick(renew, 'RenewFormPage'),
  renewList: pick(renew, 'RenewListPage'),
  transferIn: pick(transfer, 'TransferInPage'),
  transferInList: pick(transfer, 'TransferInListPage'),
  transferOut: pick(transfer, 'TransferOutPage'),
  transferOutList: pick(transfer, 'TransferOutListPage'),
  contact: () => import('./components/contact-page.tsx'),
  group: () => import('./components/group-page.tsx'),
  batchOwnership: pick(batch, 'BatchOwnershipPage'),
  batchResolution: pick(batch, 'BatchResolutionPage'),
  batchGroup: pick(batch, 'BatchGroupPage'),
  batchRemark: pick(batch, 'BatchRemarkPage'),
  batchSearch: pick(batch, 'BatchSearchPage'),
  price: () => import('./components/price-page.tsx'),
};
