import { useMemo, useState } from 'react';
import { Link, useNavigate } from '@modula/router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, CheckboxField, Field, PageContainer, SelectField } from '@modula/shared';
import { money } from './format';
import { toast, useAuth } from '../services/api';
import { ADS_NAMESPACE } from './i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { AdsError, createCampaign, startTopupCheckout } from './api';
import { openCheckout } from '../services/checkout';
import { adQueries } from './queries';
import {
  CAMPAIGN_FIELDS,
  campaignSchema,
  dayEnd,
  dayStart,
  defaultCampaign,
  planOptions,
  type CampaignInput,
  type CampaignValues,
} from './campaign-schema';
import { Actions, Alert, Grid, Head, Notice, Panel } from './ui';

/** The server's refusal in the reader's language (by its code, never its text). */
export function serverMessage(error: unknown, t: (key: string) => string): string {
  const code = error instanceof AdsError ? error.code : null;
  const known = ['listing', 'click_rate', 'budget', 'dates', 'sponsored_until', 'priority_plan', 'featured_plan', 'not_member', 'not_found', 'ended', 'payment'];
  return t(`server.${code && known.includes(code) ? code : 'generic'}`);
}

export default function CreateAdPage() {
  const { t, i18n } = useTranslation(ADS_NAMESPACE);
  useDocumentTitle(withSiteName(t('create.title')));
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const context = useQuery(adQueries.context(user?.id ?? null));
  const planName = context.data?.plan;
  const plan = planOptions(planName);
  const schema = useMemo(() => campaignSchema(planOptions(planName)), [planName]);
  const form = useForm<CampaignInput, unknown, CampaignValues>({ resolver: zodResolver(schema), defaultValues: defaultCampaign() });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [summary, setSummary] = useState<string | null>(null);
  const errors = form.formState.errors;
  const message = (field: (typeof CAMPAIGN_FIELDS)[number]) => {
    const text = errors[field]?.message;
    return typeof text === 'string' ? t(text) : undefined;
  };

  const create = useMutation({
    mutationKey: ['vendor-ads', 'create'],
    mutationFn: (values: CampaignValues) =>
      createCampaign({
        listingId: values.listingId,
        kind: values.kind,
        name: values.name,
        budget: values.budget,
        clickRate: values.clickRate,
        startsAt: dayStart(values.startDate),
        endsAt: dayEnd(values.endDate),
        priority: values.kind === 'sponsored' ? values.priority : 1,
        sponsoredUntil: values.kind === 'sponsored' ? dayEnd(values.sponsoredUntil) : null,
        featured: values.featured,
      }),
    onSuccess: async (result, values) => {
      toast({ title: t('create.created', { amount: money(values.budget, i18n.language) }), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: adQueries.all() });
      form.reset(defaultCampaign());
      // Straight on to paying the budget; if the checkout cannot start, the dashboard offers it again.
      try {
        openCheckout(await startTopupCheckout(result.topup_id), navigate);
      } catch {
        navigate('/advertising-dashboard?payment=unavailable');
      }
    },
    onError: (error) => setSummary(serverMessage(error, t)),
  });

  if (!user) return null;
  if (context.isLoadingError) {
    return (
      <PageContainer>
        <Alert role="alert">{t('states.error')}</Alert>
        <Button type="button" onClick={() => void context.refetch()}>{t('states.retry')}</Button>
      </PageContainer>
    );
  }
  if (!context.data) return <PageContainer aria-busy="true">{t('states.loading')}</PageContainer>;

  const onValid = (values: CampaignValues) => {
    setSummary(null);
    if (!create.isPending) create.mutate(values);
  };
  const onInvalid = () => setSummary(t('create.summary'));

  return (
    <PageContainer>
      <Head>
        <h1>{t('create.title')}</h1>
        <p>{t('create.lead')}</p>
      </Head>
      <p>
        <Link to="/advertising-dashboard">{t('nav.dashboard')}</Link>
      </p>
      {!context.data.companyId ? (
        <Notice>{t('states.noCompany')}</Notice>
      ) : context.data.listings.length === 0 ? (
        <Notice>{t('states.noListings')}</Notice>
      ) : (
        <Panel>
          {summary ? <Alert role="alert">{summary}</Alert> : null}
          <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
            <SelectField label={t('create.listing')} {...form.register('listingId')} error={message('listingId')}>
              <option value="">{t('create.chooseListing')}</option>
              {context.data.listings.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('create.kind')} hint={t('create.kindHint')} {...form.register('kind')} error={message('kind')}>
              <option value="ppc">{t('create.kinds.ppc')}</option>
              <option value="sponsored">{t('create.kinds.sponsored')}</option>
            </SelectField>
            <Field label={t('create.name')} maxLength={120} {...form.register('name')} error={message('name')} />
            <Grid>
              <Field label={t('create.budget')} hint={t('create.budgetHint')} inputMode="decimal" {...form.register('budget')} error={message('budget')} />
              <Field label={t('create.clickRate')} hint={t('create.clickRateHint')} inputMode="decimal" {...form.register('clickRate')} error={message('clickRate')} />
              <Field label={t('create.startDate')} type="date" {...form.register('startDate')} error={message('startDate')} />
              <Field label={t('create.endDate')} type="date" {...form.register('endDate')} error={message('endDate')} />
            </Grid>
            {kind === 'sponsored' ? (
              <Grid>
                <Field
                  label={t('create.priority')}
                  hint={t('create.priorityHint')}
                  type="number"
                  min={1}
                  max={plan.priority ? 9 : 1}
                  {...form.register('priority')}
                  error={message('priority')}
                />
                <Field label={t('create.sponsoredUntil')} type="date" {...form.register('sponsoredUntil')} error={message('sponsoredUntil')} />
              </Grid>
            ) : null}
            {plan.featured ? (
              <CheckboxField label={t('create.featured')} hint={t('create.featuredHint')} {...form.register('featured')} error={message('featured')} />
            ) : null}
            <Actions>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? t('create.submitting') : t('create.submit')}
              </Button>
            </Actions>
          </form>
        </Panel>
      )}
    </PageContainer>
  );
}
