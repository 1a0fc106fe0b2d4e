import { use, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '@modula/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Field, PageContainer, formatPrice } from '@modula/shared';
import { toast, track } from '../services/api';
import { BILLING_NAMESPACE, billingStrings } from './i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { billingQueries, payTestCheckout } from './api';

const Panel = styled.section`
  max-inline-size: 480px; margin: ${({ theme }) => theme.space(8)} auto; padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h1 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: 24px; }
  form { display: grid; gap: ${({ theme }) => theme.space(3)}; }
`;
const Notice = styled.p`
  padding: ${({ theme }) => theme.space(3)}; border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accentSoft}; font-size: 14px;
`;
const Total = styled.p`
  font-size: 22px; font-weight: 700; margin: ${({ theme }) => theme.space(2)} 0;
  span { display: block; font-size: 13px; font-weight: 400; color: ${({ theme }) => theme.colors.muted}; }
`;
const Problem = styled.p`
  margin: 0; color: ${({ theme }) => theme.colors.danger};  font-weight: 600;
`;

const PAYMENT_ERRORS = new Set(['card_declined', 'incorrect_number', 'invalid_expiry', 'invalid_cvc', 'live_card', 'checkout_closed']);

/** The local test provider's checkout page (/checkout/test/:session): a card form, as Stripe Checkout. */
export function TestCheckoutPage() {
  use(billingStrings);
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const { session = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const checkout = useQuery(billingQueries.testCheckout(session));
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const pay = useMutation({
    mutationKey: ['vendor', 'billing', 'pay'],
    mutationFn: () => payTestCheckout(session, card),
    onSuccess: async () => {
      const data = checkout.data!;
      if (data.order) {
        // deposit_paid is recorded by the database with the payment; the order lists are out of date.
        toast({ title: t('checkout.depositSuccess', { reference: data.order.reference }), variant: 'success' });
        await client.invalidateQueries({ queryKey: ['vendor'] });
      } else {
        track('purchase', { plan: data.plan, interval: data.billing_interval, value: data.amount_total_cents / 100, currency: 'EUR' });
        toast({ title: data.plan ? t('checkout.success', { plan: data.plan }) : t('checkout.adTopupSuccess'), variant: 'success' });
        await client.invalidateQueries({ queryKey: ['vendor', 'billing'] });
      }
      navigate(data.success_path);
    },
  });
  const errorCode = pay.error ? ((pay.error as { code?: string }).code ?? 'generic') : null;
  const loaded = checkout.data;
  const planName = loaded?.plan ? loaded.plan.charAt(0).toUpperCase() + loaded.plan.slice(1) : '';
  const title = checkout.isLoadingError
    ? t('checkout.notFound')
    : !loaded
      ? null
      : loaded.plan
        ? t('checkout.title', { plan: planName })
        : loaded.order
          ? t('checkout.depositTitle', { reference: loaded.order.reference })
          : t('checkout.adTopupTitle');
  useDocumentTitle(title ? withSiteName(title) : null);

  if (checkout.isLoadingError) {
    return (
      <PageContainer>
        <Panel>
          <h1>{t('checkout.notFound')}</h1>
          <Link to="/pricing">{t('checkout.back')}</Link>
        </Panel>
      </PageContainer>
    );
  }
  if (!checkout.data) return <PageContainer><p aria-busy="true">{t('common.loading')}</p></PageContainer>;
  const data = checkout.data;
  const amount = data.currency === 'EUR'
    ? formatPrice(data.amount_total_cents / 100)
    : new Intl.NumberFormat(i18n.language, { style: 'currency', currency: data.currency }).format(data.amount_total_cents / 100);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pay.isPending) pay.mutate();
  };

  return (
    <PageContainer>
      <Panel aria-labelledby="checkout-title">
        <h1 id="checkout-title">{title}</h1>
        {data.order ? <p>{data.order.title}</p> : null}
        <Notice>{t('checkout.testNotice')}</Notice>
        <Total>
          {amount}
          {data.plan ? <span>{t(data.billing_interval === 'year' ? 'checkout.yearly' : 'checkout.monthly', { rate: data.vat_rate })}</span> : null}
        </Total>
        {data.status !== 'open' ? (
          <>
            <Problem role="alert">{t('errors.checkout_closed')}</Problem>
            <Link to={data.cancel_path}>{t('checkout.back')}</Link>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Field label={t('checkout.cardNumber')} name="number" inputMode="numeric" autoComplete="cc-number"
              value={card.number} onChange={(e) => setCard({ ...card, number: e.target.value })} />
            <Field label={t('checkout.expiry')} name="expiry" autoComplete="cc-exp" placeholder={t('checkout.expiryPlaceholder')}
              value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.target.value })} />
            <Field label={t('checkout.cvc')} name="cvc" inputMode="numeric" autoComplete="cc-csc"
              value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} />
            {errorCode && <Problem role="alert">{t(PAYMENT_ERRORS.has(errorCode) ? `errors.${errorCode}` : 'errors.generic')}</Problem>}
            <Button type="submit" disabled={pay.isPending}>{t(pay.isPending ? 'checkout.paying' : 'checkout.pay', { amount })}</Button>
            <Link to={data.cancel_path}>{t('checkout.back')}</Link>
          </form>
        )}
      </Panel>
    </PageContainer>
  );
}
