// Advertising budget top-ups (issue 16): a one-time payment whose signed checkout.session.completed
// event names the pending ad_budget_topups row. The webhook credits it with public.credit_ad_topup,
// which checks the amount and credits a top-up once (a re-delivered event changes nothing).

type Obj = Record<string, unknown>;

export interface AdTopupPayment {
  topupId: string;
  sessionRef: string;
  amountCents: number | null;
  paid: boolean;
}

/** The top-up a verified event pays for, or null when the event is about something else. */
export function adTopupPayment(event: { type: string; data: { object: unknown } }): AdTopupPayment | null {
  if (event.type !== 'checkout.session.completed') return null;
  const session = (event.data?.object ?? {}) as Obj;
  const metadata = (session.metadata ?? {}) as Obj;
  if (session.mode !== 'payment' || typeof metadata.ad_topup_id !== 'string') return null;
  return {
    topupId: metadata.ad_topup_id,
    sessionRef: typeof session.id === 'string' ? session.id : '',
    amountCents: typeof session.amount_total === 'number' ? session.amount_total : null,
    paid: session.payment_status === 'paid',
  };
}
