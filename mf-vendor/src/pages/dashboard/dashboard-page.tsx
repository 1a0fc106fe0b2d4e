import { useState } from 'react';
import styled from 'styled-components';
import { Link, Navigate } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Button, Field, PageContainer, inviteSchema, useFormMessage, type InviteInput, type InviteValues } from '@modula/shared';
import { formatDate, toast, useAuth } from '../../services/api';
import { inviteColleague, logoUrl } from '../../services/vendor';
import { vendorQueries } from '../../services/queries';
import { listingLimit, usageText } from '../../lib/limits';
import { NAMESPACE } from '../../i18n';
import { useDocumentTitle, withSiteName } from '../../hooks/use-document-title';
import { LoadFailed, Loading, Muted, PageHeading, Panel, Pill } from '../../components/ui';
import { PlanCard } from '../../billing/plan-card';
import { AnalyticsPanel } from './analytics-panel';
import { CompanySetup } from './company-setup';
import { ListingTable } from './listing-table';
import { OrdersPanel } from './orders-panel';
import { AdsSummary } from './ads-summary';

const Grid = styled.div`display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));`;
const Stack = styled.div`display: grid; gap: 24px;`;
const Big = styled.p`margin: 0; font-size: 28px; font-weight: 700; font-variant-numeric: tabular-nums;`;
const Row = styled.div`display: flex; flex-wrap: wrap; gap: 8px; align-items: center;`;
const ButtonLink = styled(Link)<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex; align-items: center; min-block-size: 40px; padding: 8px 16px; border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600; text-decoration: none; border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.surface : theme.colors.primary)};
  color: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.primary : theme.colors.onPrimary)};
`;
const Logo = styled.img`inline-size: 48px; block-size: 48px; object-fit: contain; border-radius: 8px; background: ${({ theme }) => theme.colors.background};`;
const Activity = styled.ul`
  margin: 0; padding: 0; list-style: none; display: grid; gap: 8px;
  li { display: grid; gap: 2px; padding-block-end: 8px; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; }
  li:last-child { border: 0; }
  .preview { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

/** /dashboard: the vendor's company, plan (`PlanCard`: renewal, change plan, invoices), listings and their numbers, activity, orders and team. */
export default function DashboardPage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('dashboard.title')));
  const user = useAuth((s) => s.user);
  const profile = useAuth((s) => s.profile);
  const profileStatus = useAuth((s) => s.profileStatus);
  if (!user || profileStatus === 'loading' || profileStatus === 'idle') {
    return (
      <PageContainer>
        <Loading />
      </PageContainer>
    );
  }
  // Spec section 2: customers have their own dashboard.
  if ((profile?.user_type ?? user.userType) !== 'vendor') return <Navigate to="/customer-dashboard" replace />;
  const companyId = profile?.company_id ?? user.companyId;
  return (
    <PageContainer>
      <PageHeading>{t('dashboard.title')}</PageHeading>
      {companyId ? <VendorOverview userId={user.id} companyId={companyId} /> : <CompanySetup userId={user.id} />}
    </PageContainer>
  );
}

function VendorOverview({ userId, companyId }: { userId: string; companyId: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const company = useQuery(vendorQueries.company(userId, companyId));
  const quota = useQuery(vendorQueries.quota(userId));
  const stats = useQuery(vendorQueries.stats(userId));
  const conversations = useQuery(vendorQueries.conversations(userId));
  const meetings = useQuery(vendorQueries.meetings(userId));
  const essential = [company, quota, stats, conversations, meetings];
  if (essential.some((q) => q.isLoadingError)) {
    return <LoadFailed message={t('dashboard.unavailable')} onRetry={() => essential.forEach((q) => void q.refetch())} />;
  }
  if (essential.some((q) => q.isPending) || !company.data || !quota.data) return <Loading />;

  const decision = listingLimit(quota.data);
  const paying = quota.data.maxListings !== 0;
  const requests = (meetings.data ?? []).filter((m) => m.status === 'requested').slice(0, 5);
  return (
    <Stack>
      <Grid>
        <Panel aria-labelledby="company-card">
          <Row>
            {company.data.logo ? <Logo src={logoUrl(company.data.logo)} alt="" /> : null}
            <h2 id="company-card">{company.data.name}</h2>
          </Row>
          <Row>
            <Pill>{t(`companyType.${company.data.company_type}`)}</Pill>
            {company.data.verified ? <Pill $tone="success">{t('dashboard.verified')}</Pill> : <Pill>{t('dashboard.unverified')}</Pill>}
          </Row>
        </Panel>
        <Panel aria-labelledby="usage-card">
          <h2 id="usage-card">{t('dashboard.listingsUsed')}</h2>
          <Big>{usageText(quota.data, t('dashboard.unlimited'))}</Big>
          <Muted>{t('dashboard.drafts', { count: quota.data.drafts })}</Muted>
          {quota.data.demo ? <Muted>{t('dashboard.demoPlan')}</Muted> : !paying ? <Muted>{t('dashboard.noPlan')}</Muted> : null}
          <Row>
            <ButtonLink to="/create-listing">{t('dashboard.createListing')}</ButtonLink>
            {decision.allowed ? null : <ButtonLink to="/pricing" $variant="secondary">{t('dashboard.upgrade')}</ButtonLink>}
          </Row>
        </Panel>
      </Grid>

      <PlanCard />

      <AnalyticsPanel userId={userId} plan={quota.data.plan} demo={quota.data.demo} listings={stats.data ?? []} />

      <AdsSummary companyId={companyId} />

      <Panel aria-labelledby="listings-title">
        <h2 id="listings-title">{t('listings.title')}</h2>
        <Muted>{t('listings.period')}</Muted>
        <ListingTable userId={userId} listings={stats.data ?? []} />
      </Panel>

      <Grid>
        <Panel aria-labelledby="messages-title">
          <h2 id="messages-title">{t('dashboard.recentMessages')}</h2>
          {(conversations.data ?? []).length === 0 ? (
            <Muted>{t('dashboard.noMessages')}</Muted>
          ) : (
            <Activity>
              {(conversations.data ?? []).map((c) => (
                <li key={c.id}>
                  <Link to={`/customer-dashboard/messages?conversation=${c.id}`}>
                    {c.counterpart_name ?? t('dashboard.someone')}
                    {c.listing_title ? ` · ${c.listing_title}` : ''}
                  </Link>
                  <Muted className="preview" dir="auto">
                    {c.last_message_type === 'text' ? c.last_message_content : t(`dashboard.messageKind.${c.last_message_type ?? 'text'}`, { defaultValue: '' })}
                  </Muted>
                  {c.unread_count > 0 ? <Pill $tone="accent">{t('dashboard.unread', { count: c.unread_count })}</Pill> : null}
                </li>
              ))}
            </Activity>
          )}
        </Panel>
        <Panel aria-labelledby="meetings-title">
          <h2 id="meetings-title">{t('dashboard.meetingRequests')}</h2>
          {requests.length === 0 ? (
            <Muted>{t('dashboard.noMeetings')}</Muted>
          ) : (
            <Activity>
              {requests.map((m) => (
                <li key={m.id}>
                  <Link to="/customer-dashboard/meetings">
                    {m.counterpart_name ?? t('dashboard.someone')}
                    {m.listing_title ? ` · ${m.listing_title}` : ''}
                  </Link>
                  <Muted>
                    {t(`dashboard.meetingType.${m.meeting_type}`, { defaultValue: m.meeting_type })}
                    {m.proposed_times?.[0] ? ` · ${formatDate(m.proposed_times[0], i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
                  </Muted>
                </li>
              ))}
            </Activity>
          )}
        </Panel>
      </Grid>

      <Panel aria-labelledby="orders-title">
        <h2 id="orders-title">{t('orders.vendorTitle')}</h2>
        <OrdersPanel userId={userId} companyId={companyId} />
      </Panel>

      {company.data.owner_id === userId ? <TeamPanel /> : null}
    </Stack>
  );
}

function TeamPanel() {
  const { t } = useTranslation(NAMESPACE);
  const message = useFormMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<InviteInput, unknown, InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setProblem(null);
    try {
      await inviteColleague(email);
      toast({ title: t('team.invited', { email }) });
      form.reset();
    } catch {
      setProblem(t('team.inviteFailed'));
    }
  });
  return (
    <Panel aria-labelledby="team-title">
      <h2 id="team-title">{t('team.title')}</h2>
      <Muted>{t('team.intro')}</Muted>
      <form noValidate onSubmit={(event) => void onSubmit(event)} style={{ display: 'grid', gap: 12, maxInlineSize: 480 }}>
        {problem ? <p role="alert">{problem}</p> : null}
        <Field label={t('team.email')} type="email" autoComplete="off" {...form.register('email')} error={message(form.formState.errors.email)} />
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting}>{t('team.invite')}</Button>
        </div>
      </form>
    </Panel>
  );
}
