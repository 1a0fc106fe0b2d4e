// The billing section of the vendor dashboard: the plan, its renewal (or end) date, a pending
// downgrade or a failed payment, changing or cancelling the plan, and the invoices as PDFs. Rendered by
// the dashboard page (`<PlanCard />`); it loads its own strings and data.
import { Suspense, use, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '@modula/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, SelectField, formatDate, formatPrice } from '@modula/shared';
import { toast, useAuth } from '../services/api';
import { BILLING_NAMESPACE, billingStrings } from './i18n';
import { billingQueries, changePlan, downloadInvoice, openPortal, setCancelAtPeriodEnd, type Invoice } from './api';

const Card = styled.section`
  display: grid; gap: ${({ theme }) => theme.space(3)}; padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2, h3 { margin: 0; } h2 { font-size: 20px; } h3 { font-size: 16px; }
  p { margin: 0; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(2)}; }
  li { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(3)}; align-items: center; justify-content: space-between; }
`;
const Row = styled.div`display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; align-items: end;`;
const Warning = styled.p`color: ${({ theme }) => theme.colors.danger}; font-weight: 600;`;
const Muted = styled.span`color: ${({ theme }) => theme.colors.muted}; font-size: 14px;`;

const PAID = ['starter', 'entrepreneur', 'pro'] as const;
const planName = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

function PlanCardContent() {
  use(billingStrings);
  const { t } = useTranslation(BILLING_NAMESPACE);
  const user = useAuth((s) => s.user);
  const client = useQueryClient();
  const userId = user?.id ?? null;
  const subscription = useQuery(billingQueries.subscription(userId));
  const invoices = useQuery(billingQueries.invoices(userId));
  const sub = subscription.data ?? null;
  const [target, setTarget] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['vendor', 'billing'] });
  const failed = () => toast({ title: t('card.actionError'), variant: 'error' });
  const change = useMutation({ mutationKey: ['vendor', 'billing', 'change'], mutationFn: changePlan, onSuccess: refresh, onError: failed });
  const cancel = useMutation({ mutationKey: ['vendor', 'billing', 'cancel'], mutationFn: setCancelAtPeriodEnd, onSuccess: refresh, onError: failed });
  const portal = useMutation({ mutationKey: ['vendor', 'billing', 'portal'], mutationFn: openPortal, onSuccess: ({ url }) => window.location.assign(url), onError: failed });
  const download = useMutation({ mutationKey: ['vendor', 'billing', 'invoice'], mutationFn: (invoice: Invoice) => downloadInvoice(invoice), onError: failed });

  if (subscription.isLoadingError) {
    return (
      <Card aria-labelledby="plan-card-title">
        <h2 id="plan-card-title">{t('card.title')}</h2>
        <p role="alert">{t('card.loadError')}</p>
        <Button $variant="secondary" onClick={() => void subscription.refetch()}>{t('common.retry')}</Button>
      </Card>
    );
  }
  const date = (iso: string | null) => (iso ? formatDate(iso) : '');
  const busy = change.isPending || cancel.isPending;
  const others = PAID.filter((p) => p !== sub?.plan);

  return (
    <Card aria-labelledby="plan-card-title">
      <h2 id="plan-card-title">{t('card.title')}</h2>
      {subscription.isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : !sub ? (
        <>
          <p>{t('card.free')}</p>
          <Link to="/pricing">{t('card.choose')}</Link>
        </>
      ) : (
        <>
          <p><strong>{planName(sub.plan)}</strong> <Muted>{t(sub.billing_interval === 'year' ? 'card.yearly' : 'card.monthly')}</Muted></p>
          {sub.grace_until ? (
            <Warning role="alert">{t('card.grace', { date: date(sub.grace_until) })}</Warning>
          ) : sub.cancel_at_period_end ? (
            <p>{t('card.ends', { date: date(sub.renewal_date) })}</p>
          ) : (
            <p>{t('card.renews', { date: date(sub.renewal_date) })}</p>
          )}
          {sub.pending_plan && <p>{t('card.pending', { plan: planName(sub.pending_plan), date: date(sub.renewal_date) })}</p>}
          <Row>
            <SelectField label={t('card.newPlan')} value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">{t('card.pick')}</option>
              {others.map((p) => <option key={p} value={p}>{planName(p)}</option>)}
            </SelectField>
            <Button disabled={!target || busy} onClick={() => change.mutate(target, { onSuccess: () => setTarget('') })}>{t('card.change')}</Button>
          </Row>
          <Muted>{t('card.changeRule')}</Muted>
          <Row>
            {sub.cancel_at_period_end ? (
              <Button $variant="secondary" disabled={busy} onClick={() => cancel.mutate(false)}>{t('card.resume')}</Button>
            ) : (
              <Button $variant="secondary" disabled={busy} onClick={() => cancel.mutate(true)}>{t('card.cancel')}</Button>
            )}
            {sub.provider === 'stripe' && <Button $variant="ghost" onClick={() => portal.mutate()}>{t('card.portal')}</Button>}
            <Link to="/pricing">{t('card.compare')}</Link>
          </Row>
        </>
      )}
      <h3>{t('card.invoices')}</h3>
      {invoices.data && invoices.data.length === 0 && <Muted>{t('card.noInvoices')}</Muted>}
      {invoices.data && invoices.data.length > 0 && (
        <ul>
          {invoices.data.map((invoice) => (
            <li key={invoice.id}>
              <span>{invoice.number} · {date(invoice.issued_at)} · {formatPrice(invoice.amount_total_cents / 100)}</span>
              <Button $variant="ghost" $size="sm" aria-label={t('card.downloadLabel', { number: invoice.number })}
                disabled={download.isPending} onClick={() => download.mutate(invoice)}>
                {t('card.download')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The billing section for the vendor dashboard. */
export function PlanCard() {
  return (
    <Suspense fallback={null}>
      <PlanCardContent />
    </Suspense>
  );
}
