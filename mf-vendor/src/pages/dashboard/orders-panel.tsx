import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, SelectField } from '@modula/shared';
import { toast } from '../../services/api';
import { updateOrderStatus, type Order, type OrderStatus } from '../../services/vendor';
import { vendorQueries } from '../../services/queries';
import { NAMESPACE } from '../../i18n';
import { LoadFailed, Loading, Muted } from '../../components/ui';
import { OrderCard, ORDER_STATUSES } from '../orders/order-card';

/** What a vendor may move an order on to (the database's order_transition_allowed decides again). */
export const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  awaiting_deposit: ['deposit_paid', 'cancelled'],
  deposit_paid: ['in_production', 'cancelled'],
  in_production: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: ['completed'],
  completed: [],
  cancelled: [],
};

const List = styled.ul`margin: 0; padding: 0; list-style: none; display: grid; gap: 12px;`;
const Filter = styled.div`max-inline-size: 280px;`;
const Actions = styled.div`display: flex; flex-wrap: wrap; gap: 8px; align-items: center;`;

/** The company's orders, filtered by status; members move them on. */
export function OrdersPanel({ userId, companyId }: { userId: string; companyId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const orders = useQuery(vendorQueries.companyOrders(userId, companyId, status));
  return (
    <>
      <Filter>
        <SelectField label={t('orders.filter')} value={status} onChange={(event) => setStatus(event.currentTarget.value as OrderStatus | 'all')}>
          <option value="all">{t('orders.allStatuses')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>{t(`orders.status.${s}`)}</option>
          ))}
        </SelectField>
      </Filter>
      {orders.isLoadingError ? (
        <LoadFailed message={t('orders.loadFailed')} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <Loading />
      ) : orders.data.length === 0 ? (
        <Muted>{t(status === 'all' ? 'orders.emptyVendor' : 'orders.emptyFiltered')}</Muted>
      ) : (
        <List>
          {orders.data.map((order) => (
            <OrderCard key={order.id} order={order} counterpart={null}>
              <OrderActions userId={userId} order={order} />
            </OrderCard>
          ))}
        </List>
      )}
    </>
  );
}

function OrderActions({ userId, order }: { userId: string; order: Order }) {
  const { t } = useTranslation(NAMESPACE);
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationKey: ['vendor', 'order-status', order.id],
    mutationFn: (to: OrderStatus) => updateOrderStatus(order.id, to, ''),
    onSuccess: (_data, to) => toast({ title: t('orders.moved', { reference: order.reference, status: t(`orders.status.${to}`) }) }),
    onError: () => toast({ title: t('orders.moveFailed'), variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorQueries.all(userId) }),
  });
  const next = NEXT_STATUSES[order.status];
  if (next.length === 0) return null;
  return (
    <Actions>
      {next.map((to) => (
        <Button key={to} type="button" $size="sm" $variant={to === 'cancelled' ? 'danger' : 'primary'} disabled={move.isPending}
          onClick={() => move.mutate(to)}>
          {t(`orders.action.${to}`)}
        </Button>
      ))}
    </Actions>
  );
}
