import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@modula/shared';
import { BILLING_NAMESPACE } from './i18n';
import type { BillingInterval, Plan } from './api';

/** Yearly billing costs ten months. */
export const MONTHS_PER_YEAR_PAYMENT = 10;

export function planPrice(plan: Plan, interval: BillingInterval): number {
  const monthly = plan.price_eur ?? 0;
  return interval === 'year' ? monthly * MONTHS_PER_YEAR_PAYMENT : monthly;
}

const Grid = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;
const Column = styled.section<{ $current: boolean }>`
  display: flex; flex-direction: column; gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(5)}; background: ${({ theme }) => theme.colors.surface};
  border: 2px solid ${({ theme, $current }) => ($current ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 { margin: 0; font-size: 22px; }
  dl { margin: 0; display: grid; gap: ${({ theme }) => theme.space(2)}; }
  dt { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0 0 ${({ theme }) => theme.space(1)}; font-weight: 600; }
`;
const Price = styled.p`
  margin: 0; font-size: 28px; font-weight: 700;
  span { font-size: 14px; font-weight: 400; color: ${({ theme }) => theme.colors.muted}; }
`;
const Badge = styled.span`
  align-self: flex-start; padding: 2px 10px; border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accentSoft}; color: ${({ theme }) => theme.colors.accent};
  font-size: 13px; font-weight: 700;
`;

export interface PricingTableProps {
  plans: Plan[];
  interval: BillingInterval;
  currentPlan: string | null;
  /** The call to action of each column (a button), or nothing. */
  action?: (plan: Plan) => React.ReactNode;
}

/** The four tiers side by side, every row from the plans table (spec section 6). */
export function PricingTable({ plans, interval, currentPlan, action }: PricingTableProps) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  return (
    <Grid>
      {plans.map((plan) => {
        const current = currentPlan === plan.id;
        return (
          <Column key={plan.id} aria-labelledby={`plan-${plan.id}`} $current={current}>
            {current && <Badge>{t('pricing.current')}</Badge>}
            <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
            <Price>
              {formatPrice(planPrice(plan, interval))}{' '}
              <span>{t(interval === 'year' ? 'pricing.perYear' : 'pricing.perMonth')}</span>
            </Price>
            <dl>
              <dt>{t('rows.listings')}</dt>
              <dd>{plan.max_listings === -1 ? t('common.unlimited') : plan.max_listings}</dd>
              <dt>{t('rows.kinds')}</dt>
              <dd>{plan.listing_kinds.length ? plan.listing_kinds.map((k) => t(`kinds.${k}`)).join(', ') : t('levels.none')}</dd>
              <dt>{t('rows.profile')}</dt>
              <dd>{t(`levels.${plan.profile_level}`)}</dd>
              <dt>{t('rows.analytics')}</dt>
              <dd>{t(`levels.${plan.analytics_level}`)}</dd>
              <dt>{t('rows.customization')}</dt>
              <dd>{t(`levels.${plan.customization_level}`)}</dd>
              <dt>{t('rows.support')}</dt>
              <dd>{t(`levels.${plan.support_level}`)}</dd>
              <dt>{t('rows.consultation')}</dt>
              <dd>{t(`consultation.${plan.consultation}`)}</dd>
              <dt>{t('rows.accountManager')}</dt>
              <dd>{yesNo(plan.account_manager)}</dd>
              <dt>{t('rows.community')}</dt>
              <dd>{yesNo(plan.community_access)}</dd>
            </dl>
            {action?.(plan)}
          </Column>
        );
      })}
    </Grid>
  );
}
