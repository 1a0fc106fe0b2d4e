import { use, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from '@modula/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, PageContainer } from '@modula/shared';
import { track, useAuth } from '../services/api';
import { BILLING_NAMESPACE, billingStrings } from './i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { billingQueries, isDemoAccount, startCheckout, type BillingInterval, type Plan } from './api';
import { PricingTable, planPrice } from './pricing-table';

const Header = styled.header`
  margin: ${({ theme }) => theme.space(8)} 0 ${({ theme }) => theme.space(5)};
  h1 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: clamp(26px, 4vw, 36px); }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;
const Toggle = styled.div`
  display: inline-flex; gap: ${({ theme }) => theme.space(2)}; margin: ${({ theme }) => theme.space(4)} 0;
`;
const Note = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(8)}; color: ${({ theme }) => theme.colors.muted}; font-size: 14px;
`;

/** VAT added at checkout, in percent (the server's VAT_RATE default). */
export const VAT_RATE = 21;

export function PricingPage() {
  use(billingStrings);
  const { t } = useTranslation(BILLING_NAMESPACE);
  const title = t('pricing.title');
  // The page's title as the server renders it (src/server/first-screen.ts), again after every navigation.
  useDocumentTitle(withSiteName(title));
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const [interval, setInterval] = useState<BillingInterval>('month');
  const plans = useQuery(billingQueries.plans());
  const [params] = useSearchParams();
  const vendorId = user?.userType === 'vendor' ? user.id : null;
  // The tier as the spec orders its sources (demo rules, then the subscription): check-subscription.
  const tier = useQuery(billingQueries.tier(vendorId));
  const subscription = useQuery(billingQueries.subscription(vendorId));
  const fromCreateListing = params.get('from') === 'create-listing';

  // Spec section 4: a demo vendor arriving from the Create Listing button, and able to create, goes on to /create-listing.
  useEffect(() => {
    if (!fromCreateListing || !vendorId || !tier.data?.subscribed) return;
    let cancelled = false;
    void isDemoAccount().then((demo) => {
      if (demo && !cancelled) navigate('/create-listing', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [fromCreateListing, vendorId, tier.data?.subscribed, navigate]);
  const checkout = useMutation({
    mutationKey: ['vendor', 'billing', 'checkout'],
    mutationFn: (plan: Plan) => startCheckout(plan.id, interval),
    onSuccess: ({ url }, plan) => {
      track('begin_checkout', { plan: plan.id, interval, value: planPrice(plan, interval), currency: 'EUR' });
      const target = new URL(url, window.location.href);
      if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}`);
      else window.location.assign(target.href);
    },
  });

  const current = vendorId ? (tier.data?.subscription_tier ?? null) : null;
  const action = (plan: Plan) => {
    if (plan.id === 'free') return null;
    if (!user) return <Button onClick={() => navigate('/signup?userType=vendor')}>{t('pricing.signUp')}</Button>;
    if (user.userType !== 'vendor' || current === plan.id) return null;
    // A running paid subscription is changed from the dashboard (upgrade at once, downgrade at the period end).
    if (subscription.data) return <Button $variant="secondary" onClick={() => navigate('/dashboard')}>{t('pricing.changeOnDashboard')}</Button>;
    return (
      <Button onClick={() => checkout.mutate(plan)} disabled={checkout.isPending}>
        {t('pricing.choose', { plan: plan.name })}
      </Button>
    );
  };

  return (
    <PageContainer>
      <Header>
        <h1>{t('pricing.title')}</h1>
        <p>{t('pricing.intro')}</p>
      </Header>
      <Toggle role="group" aria-label={t('pricing.billing')}>
        <Button $variant={interval === 'month' ? 'primary' : 'secondary'} aria-pressed={interval === 'month'} onClick={() => setInterval('month')}>
          {t('pricing.monthly')}
        </Button>
        <Button $variant={interval === 'year' ? 'primary' : 'secondary'} aria-pressed={interval === 'year'} onClick={() => setInterval('year')}>
          {t('pricing.yearly')}
        </Button>
      </Toggle>
      {checkout.isError && <p role="alert">{t('pricing.checkoutError')}</p>}
      {plans.isLoadingError ? (
        <p role="alert">
          {t('pricing.loadError')} <Button $variant="secondary" onClick={() => void plans.refetch()}>{t('common.retry')}</Button>
        </p>
      ) : plans.data ? (
        <PricingTable plans={plans.data} interval={interval} currentPlan={current} action={action} />
      ) : (
        <p aria-busy="true">{t('common.loading')}</p>
      )}
      <Note>
        {t('pricing.vat', { rate: VAT_RATE })} {t('pricing.yearlyNote')} <Link to="/contact">{t('pricing.contact')}</Link>
      </Note>
    </PageContainer>
  );
}
