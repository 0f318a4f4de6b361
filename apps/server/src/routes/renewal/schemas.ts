import { z } from 'zod';
import { text } from '@cc/contracts/input';

/** Bodies and answers of the renewal calls. */
export const createRenewBody = z.object({
  ticket: text(100_000, 'v.required').min(1, { message: 'v.required' }).describe('the renewal link\'s ticket: base64 of { v, orderNo, productNo, domains }'),
});

export const createRenewAnswer = z.object({
  orderNo: z.string().describe('the renewal order'),
  renewedFrom: z.string().describe('the order it renews'),
});

export const renewTicketAnswer = z.object({
  ticket: z.string().describe('base64 of { v: 1, orderNo, productNo, domains }'),
  url: z.string().describe('the order screen with productNo and ticket in the query'),
  productNo: z.string(),
  domains: z.array(z.string()),
});
