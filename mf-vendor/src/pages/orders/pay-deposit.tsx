import { useTranslation } from 'react-i18next';
import { useNavigate } from '@modula/router';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@modula/shared';
import { toast } from '../../services/api';
import { openCheckout } from '../../services/checkout';
import { startDepositCheckout, type Order } from '../../services/vendor';
import { NAMESPACE } from '../../i18n';
import { money } from './order-card';

/**
 * Whether a deposit in this currency can be paid online: providers take amounts in cents, so only
 * currencies with two decimals (order-deposit-checkout refuses the others); the vendor records those.
 */
export function payableOnline(currency: string): boolean {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits === 2;
  } catch {
    return false;
  }
}

/**
 * The customer's "Pay deposit" on an order awaiting it: a checkout with the payment provider (the test
 * provider's page, or Stripe), back to the orders page; the order moves on when the provider reports the payment.
 */
export function PayDeposit({ order }: { order: Pick<Order, 'id' | 'status' | 'deposit_amount' | 'currency'> }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const start = useMutation({
    mutationKey: ['vendor', 'orders', 'deposit', order.id],
    mutationFn: () => startDepositCheckout(order.id),
    onSuccess: (url) => openCheckout(url, navigate),
    onError: () => toast({ title: t('orders.depositStartFailed'), variant: 'error' }),
  });
  if (order.status !== 'awaiting_deposit' || Number(order.deposit_amount) <= 0 || !payableOnline(order.currency)) return null;
  return (
    <div>
      <Button type="button" disabled={start.isPending} onClick={() => start.mutate()}>
        {t('orders.payDeposit', { amount: money(order.deposit_amount, order.currency, i18n.language) })}
      </Button>
    </div>
  );
}
