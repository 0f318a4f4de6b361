import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderDetailAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';

type OrderDetail = z.infer<typeof orderDetailAnswer>['orderInfo'];
export type OrderProduct = Pick<OrderDetail, 'productName' | 'brandName' | 'productType' | 'certType' | 'rawAmount' | 'discount' | 'payAmount'>;

/** GET /v1/orders/detail/{orderNo}, reduced to the product the dialog names (the order list call does not carry it). */
export async function getOrderProduct(orderNo: string): Promise<OrderProduct> {
  const { orderInfo } = await http<z.infer<typeof orderDetailAnswer>>(`/v1/orders/detail/${encodeURIComponent(orderNo)}`, { quiet: true });
  return {
    productName: orderInfo.productName, brandName: orderInfo.brandName, productType: orderInfo.productType, certType: orderInfo.certType,
    rawAmount: orderInfo.rawAmount, discount: orderInfo.discount, payAmount: orderInfo.payAmount,
  };
}

export function useOrderProduct(orderNo: string | undefined, enabled = true) {
  return useQuery(
    queryOptions({ queryKey: ['orders', 'product', orderNo ?? ''], queryFn: () => getOrderProduct(orderNo ?? ''), enabled: enabled && Boolean(orderNo), staleTime: 5 * 60_000, retry: false }),
  );
}
