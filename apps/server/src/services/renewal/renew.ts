import { createOrderBody } from '@cc/contracts/purchase';
import { isDcvMethod } from '@cc/domain/dcv';
import { billedNames } from '@cc/domain/domain-names';
import { createOrders } from '../purchase/create-orders.ts';
import { findProduct } from '../purchase/products.ts';
import { RuleError, said } from '../purchase/rule-error.ts';
import { addEvent, type OrdersContext } from '../orders/context.ts';
import { encodeTicket, type RenewalTicket } from './ticket.ts';
import { accountOrderIdsSql } from '../orders/by-number.ts';

type RenewRow = {
  id: number;
  order_no: string;
  product_no: string;
  product_type: string;
  brand: string;
  validity: number;
  common_name: string;
  domain_names: string[];
  dcv_method: string;
  csr: string;
  private_key_sealed: string | null;
  contact_id: number | null;
  org_id: number | null;
  certificate_id: number | null;
};

async function renewable(ctx: OrdersContext, accountId: number, orderNo: string): Promise<RenewRow> {
  const [o] = await ctx.db.query<RenewRow>(
    `SELECT id, order_no, product_no, product_type, brand, validity, common_name, domain_names, dcv_method, csr, private_key_sealed, contact_id, org_id, certificate_id
       FROM orders WHERE id IN ${accountOrderIdsSql('$1::int', 'ARRAY[$2::text]')}`,
    [accountId, orderNo],
  );
  if (!o) throw new RuleError('NOT_FOUND', said('orders.notFound'));
  if (!o.certificate_id) throw new RuleError('INVALID_INPUT', said('renewal.notRenewable', { orderNo }));
  return o;
}

/** The renewal link of an issued order: the ticket, and the order screen's address with it. */
export async function renewalLink(ctx: OrdersContext, accountId: number, orderNo: string): Promise<{ ticket: string; url: string; productNo: string; domains: string[] }> {
  const o = await renewable(ctx, accountId, orderNo);
  const domains = o.domain_names.length ? o.domain_names : [o.common_name];
  const ticket = encodeTicket({ orderNo: o.order_no, productNo: o.product_no, domains });
  const url = `${ctx.baseUrl}/ssl/certificates?productNo=${encodeURIComponent(o.product_no)}&ticket=${encodeURIComponent(ticket)}`;
  return { ticket, url, productNo: o.product_no, domains };
}

/**
 * POST /createorderrenew: a new order for the same product, term, names (the ticket's), contact, company, CSR
 * and held key, priced now; waiting for payment (1001), or for validation (1002) when the product is free,
 * exactly as a purchase. The new order points at the old one (renewed_from), and both timelines say so.
 */
export async function createRenewal(ctx: OrdersContext, accountId: number, ticket: RenewalTicket): Promise<{ orderNo: string; renewedFrom: string }> {
  const o = await renewable(ctx, accountId, ticket.orderNo);
  const product = await findProduct(ctx.db, o.product_no);
  if (!product) throw new RuleError('NOT_FOUND', said('purchase.product.notFound'), { productNo: said('purchase.product.notFound') });
  // The www names a flex product adds by itself are left out: the purchase rules add them back (unbilled).
  const names = billedNames(ticket.domains, { productType: o.product_type, brand: o.brand });
  // The e-mail methods need the mailbox chosen on the order screen; the renewal takes the product's default.
  const dcvMethod = isDcvMethod(o.dcv_method) && o.dcv_method !== 'email' && o.dcv_method !== 'email_dns' ? o.dcv_method : undefined;
  const body = createOrderBody.parse({
    year: o.validity,
    csr: o.csr,
    key: o.private_key_sealed ? ctx.box.open(o.private_key_sealed) : '',
    commonName: names[0],
    domainNames: names.slice(1),
    ...(dcvMethod ? { dcvMethod } : {}),
    ...(o.contact_id ? { contactID: o.contact_id } : {}),
    ...(o.org_id ? { orgID: o.org_id } : {}),
  });
  const [orderNo] = await createOrders({ db: ctx.db, box: ctx.box, now: ctx.now }, accountId, product, body);
  if (!orderNo) throw new Error('renewal created no order');
  await ctx.db.tx(async (q) => {
    const [n] = await q.query<{ id: number }>(`UPDATE orders SET renewed_from = $2 WHERE order_no = $1 RETURNING id`, [orderNo, o.id]);
    await addEvent(q, o.id, 'renewed', { orderNo });
    if (n) await addEvent(q, n.id, 'renewal_of', { orderNo: o.order_no });
  });
  return { orderNo, renewedFrom: o.order_no };
}
