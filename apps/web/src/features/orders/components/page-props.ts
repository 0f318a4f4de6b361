/** What the route table hands the orders pages: paying goes through the payment feature, plugged in by src/app. */
export type PayAim = 'makeOrder' | 'reSign';
export interface OrdersPageProps {
  onPay?: (orderNos: string[], aim: PayAim) => void;
}
