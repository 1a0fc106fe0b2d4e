import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPrice } from '../../services/api';
import type { Order, OrderStatus } from '../../services/vendor';
import { NAMESPACE } from '../../i18n';
import { Muted, Pill } from '../../components/ui';

export const ORDER_STATUSES: OrderStatus[] = ['awaiting_deposit', 'deposit_paid', 'in_production', 'shipped', 'delivered', 'completed', 'cancelled'];

const Card = styled.li`
  display: grid; gap: 10px; padding: 16px; background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
  .top { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: baseline; justify-content: space-between; }
  h3 { margin: 0; font-size: 17px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-variant-numeric: tabular-nums; }
  details summary { cursor: pointer; font-weight: 600; }
  ol { margin: 8px 0 0; padding-inline-start: 20px; display: grid; gap: 4px; }
`;

const tone = (status: OrderStatus) =>
  status === 'completed' || status === 'delivered' ? 'success' : status === 'cancelled' ? 'danger' : status === 'awaiting_deposit' ? 'accent' : 'muted';

export function money(amount: number, currency: string, language: string): string {
  return currency === 'EUR' ? formatPrice(Number(amount), language) : new Intl.NumberFormat(language, { style: 'currency', currency }).format(Number(amount));
}

/** One order: reference, what was bought, amount and deposit, status and its history. */
export function OrderCard({ order, counterpart, children }: { order: Order; counterpart: string | null; children?: ReactNode }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const history = [...order.order_events].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <Card aria-labelledby={`order-${order.id}`}>
      <div className="top">
        <h3 id={`order-${order.id}`}>
          {order.reference} · {order.title}
        </h3>
        <Pill $tone={tone(order.status)}>{t(`orders.status.${order.status}`)}</Pill>
      </div>
      {counterpart ? <Muted>{t('orders.from', { company: counterpart })}</Muted> : null}
      <dl>
        <dt>{t('orders.amount')}</dt>
        <dd>{money(order.amount, order.currency, i18n.language)}</dd>
        <dt>{t('orders.deposit', { percent: Number(order.deposit_percent) })}</dt>
        <dd>
          {money(order.deposit_amount, order.currency, i18n.language)}
          {order.deposit_paid_at ? ` · ${t('orders.depositPaidOn', { date: formatDate(order.deposit_paid_at, i18n.language) })}` : ''}
        </dd>
        <dt>{t('orders.placed')}</dt>
        <dd>{formatDate(order.created_at, i18n.language)}</dd>
      </dl>
      <details>
        <summary>{t('orders.history')}</summary>
        <ol>
          {history.map((event) => (
            <li key={event.id}>
              {formatDate(event.created_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}: {t(`orders.status.${event.status}`)}
              {event.note ? ` — ${event.note}` : ''}
            </li>
          ))}
        </ol>
      </details>
      {children}
    </Card>
  );
}
