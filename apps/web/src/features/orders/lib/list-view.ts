/**
 * What the order list (/orders/list, /orders/expiring) derives from its filters and rows: the list call's
 * parameters, the status tabs and their counts, the amount a row shows, the aim of paying a selection.
 * Pure, moved out of the page so that each rule is tested.
 */
import { reSignStatus } from '@cc/contracts/order-status';
import { defaultPageSize } from '@cc/domain/terms';
import type { PayAim } from '../components/page-props.ts';

export interface Filters {
  domain: string;
  orderNo: string;
  productNo?: string;
  brand?: string;
  dateFrom?: string;
  dateTo?: string;
}
export const noFilters: Filters = { domain: '', orderNo: '' };

/** What the list opens with, from its address (/orders/list?status=1002, ?renewalFailed=true, ?dateFrom=…): the dashboard's links. */
export interface ListInitial {
  status?: number;
  filters?: Filters;
  renewalFailed?: boolean;
}

/** The list's address search read into its initial state; anything unknown is ignored. */
export function listInitialOf(s: Record<string, unknown>): ListInitial {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined);
  const status = Number(str(s.status));
  const day = (v: unknown) => (str(v) && /^\d{4}-\d{2}-\d{2}$/.test(str(v)!) ? str(v) : undefined);
  const filters: Filters = { domain: str(s.domain) ?? '', orderNo: str(s.orderNo) ?? '', productNo: str(s.productNo), brand: str(s.brand), dateFrom: day(s.dateFrom), dateTo: day(s.dateTo) };
  return {
    status: (tabCodes as readonly number[]).includes(status) ? status : undefined,
    filters,
    renewalFailed: s.renewalFailed === true || s.renewalFailed === 'true',
  };
}

/** The tabs: every status users filter by (1006 reads as 1003), 5004 for re-sign orders. */
export const tabCodes = [1001, 1002, 1009, 1005, 1003, 1004, 1007, 1008, 5004] as const;
/** Shown even when empty; the others appear once some order has that status. */
const alwaysTabs: readonly number[] = [1001, 1002, 1005];

export interface Paging {
  page: number;
  pageSize: number;
}

/** The list call's parameters: the filters applied (empty text is no filter), the page, the tab. */
export function listParams(applied: Filters, paging: Paging, status: number | undefined, expiring: boolean, renewalFailed = false) {
  return {
    limit: paging.pageSize,
    offset: paging.page,
    status,
    productNo: applied.productNo,
    brand: applied.brand,
    domain: applied.domain || undefined,
    orderNo: applied.orderNo || undefined,
    dateFrom: applied.dateFrom,
    dateTo: applied.dateTo,
    expiring: expiring || undefined,
    renewalFailed: renewalFailed || undefined,
  };
}

/** The list call's parameters for the first page an address opens: what the page asks for as it shows. */
export function firstPageParams(search: Record<string, unknown>) {
  const initial = listInitialOf(search);
  return listParams(initial.filters ?? noFilters, { page: 1, pageSize: defaultPageSize }, initial.status, false, initial.renewalFailed);
}

/** Orders with a status, as its tab counts them (1006 counts under 1003). */
export function tabCount(byStatus: Readonly<Record<string, number>>, code: number): number {
  return (byStatus[String(code)] ?? 0) + (code === 1003 ? (byStatus['1006'] ?? 0) : 0);
}

/** The status tabs shown: the usual ones, the one open, and any with orders. */
export function shownTabs(byStatus: Readonly<Record<string, number>>, open: number | undefined): number[] {
  return tabCodes.filter((c) => alwaysTabs.includes(c) || c === open || tabCount(byStatus, c) > 0);
}

interface Priced {
  orderStatus: number;
  payAmount: number;
  reSignStatus: number;
  reSignPriceDiff: number;
}

/** A row's amount: the price difference still due on a re-sign order, otherwise what the order cost. */
export function rowAmount(o: Priced): number {
  return o.reSignStatus === reSignStatus.reSign && o.reSignPriceDiff > 0 ? o.reSignPriceDiff : o.payAmount;
}

/** Paying a selection: re-sign when every order is a re-sign order already paid for once. */
export function payAimOf(orders: readonly Pick<Priced, 'orderStatus' | 'reSignStatus'>[]): PayAim {
  return orders.every((o) => o.reSignStatus === reSignStatus.reSign && o.orderStatus !== 1001) ? 'reSign' : 'makeOrder';
}

/** The brand filter's options: each brand once, in catalogue order. */
export function brandOptionsOf(products: readonly { brand: string; brandName: string }[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const p of products) if (!seen.has(p.brand)) seen.set(p.brand, p.brandName);
  return [...seen].map(([value, label]) => ({ value, label }));
}
