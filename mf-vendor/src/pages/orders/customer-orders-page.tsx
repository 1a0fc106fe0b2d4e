import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PageContainer } from '@modula/shared';
import { useAuth } from '../../services/api';
import { vendorQueries } from '../../services/queries';
import { NAMESPACE } from '../../i18n';
import { useDocumentTitle, withSiteName } from '../../hooks/use-document-title';
import { LoadFailed, Loading, Muted, PageHeading } from '../../components/ui';
import { OrderCard } from './order-card';
import { PayDeposit } from './pay-deposit';

const List = styled.ul`margin: 16px 0 0; padding: 0; list-style: none; display: grid; gap: 12px;`;

/** /customer-dashboard/orders: the customer's orders (from accepted quotations) with deposit, its payment, and history. */
export default function CustomerOrdersPage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('orders.customerTitle')));
  const userId = useAuth((s) => s.user?.id ?? null);
  const orders = useQuery({ ...vendorQueries.customerOrders(userId ?? ''), enabled: userId !== null });
  return (
    <PageContainer>
      <PageHeading>{t('orders.customerTitle')}</PageHeading>
      <Muted>{t('orders.customerIntro')}</Muted>
      {orders.isLoadingError ? (
        <LoadFailed message={t('orders.loadFailed')} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <Loading />
      ) : orders.data.length === 0 ? (
        <p>
          {t('orders.emptyCustomer')} <Link to="/listings">{t('orders.browse')}</Link>
        </p>
      ) : (
        <List>
          {orders.data.map((order) => (
            <OrderCard key={order.id} order={order} counterpart={order.companies?.name ?? null}>
              <PayDeposit order={order} />
            </OrderCard>
          ))}
        </List>
      )}
    </PageContainer>
  );
}
