// Order deposits (issue 15): a one-time payment whose signed checkout.session.completed event names the
// order (metadata.order_id). The webhook records it with public.pay_order_deposit, which checks the amount
// and currency and moves the order to deposit paid once (a re-delivered event changes nothing).

type Obj = Record<string, unknown>;

export interface OrderDepositPayment {
  orderId: string;
  sessionRef: string;
  amountCents: number | null;
  currency: string | null;
  paid: boolean;
}

/** The order deposit a verified event pays for, or null when the event is about something else. */
export function orderDepositPayment(event: { type: string; data: { object: unknown } }): OrderDepositPayment | null {
  if (event.type !== 'checkout.session.completed') return null;
  const session = (event.data?.object ?? {}) as Obj;
  const metadata = (session.metadata ?? {}) as Obj;
  if (session.mode !== 'payment' || typeof metadata.order_id !== 'string') return null;
  return {
    orderId: metadata.order_id,
    sessionRef: typeof session.id === 'string' ? session.id : '',
    amountCents: typeof session.amount_total === 'number' ? session.amount_total : null,
    currency: typeof session.currency === 'string' ? session.currency : null,
    paid: session.payment_status === 'paid',
  };
}
