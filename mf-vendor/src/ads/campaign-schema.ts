// The campaign form of /create-ad (issue 16). The limits are create_ad_campaign's
// (supabase/migrations/20261126040000_advertising_ledger.sql), so the browser never sends what the
// server would refuse; the server checks them again. Messages are keys of the vendor-ads namespace.
import { z } from 'zod';

export const MIN_CLICK_RATE = 0.1;
export const MAX_CLICK_RATE = 100;
export const MIN_BUDGET = 1;
export const MAX_BUDGET = 100_000;
export const MAX_NAME = 120;
export const AD_KINDS = ['ppc', 'sponsored'] as const;
export type AdKind = (typeof AD_KINDS)[number];

const key = (name: string) => `vendor-ads:form.${name}`;

/** The plan's advertising options (spec section 6: priority from Entrepreneur, featured on Pro). */
export interface PlanOptions {
  priority: boolean;
  featured: boolean;
}

export function planOptions(plan: string | null | undefined): PlanOptions {
  return { priority: plan === 'entrepreneur' || plan === 'pro', featured: plan === 'pro' };
}

function localDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export function todayLocal(): string {
  return localDate(new Date());
}

export function inDaysLocal(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDate(date);
}

/** A euro amount typed with a dot or a comma, at most two decimals. */
const euros = (required: string, invalid: string) =>
  z
    .string()
    .trim()
    .min(1, key(required))
    .refine((value) => value === '' || /^\d{1,6}([.,]\d{1,2})?$/.test(value), key(invalid))
    .transform((value) => Number(value.replace(',', '.')));

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function campaignSchema(plan: PlanOptions, today = todayLocal()) {
  return z
    .object({
      listingId: z.string().min(1, key('listingRequired')),
      kind: z.enum(AD_KINDS, { error: key('kindRequired') }),
      name: z.string().trim().min(1, key('nameRequired')).max(MAX_NAME, key('nameTooLong')),
      budget: euros('budgetRequired', 'amountFormat').pipe(
        z.number().min(MIN_BUDGET, key('budgetMin')).max(MAX_BUDGET, key('budgetMax')),
      ),
      clickRate: euros('clickRateRequired', 'amountFormat').pipe(
        z.number().min(MIN_CLICK_RATE, key('clickRateMin')).max(MAX_CLICK_RATE, key('clickRateMax')),
      ),
      startDate: z.string().refine((v) => isoDate.test(v), key('dateRequired')).refine((v) => !isoDate.test(v) || v >= today, key('startPast')),
      endDate: z.string().refine((v) => isoDate.test(v), key('dateRequired')),
      priority: z.coerce.number().int().min(1, key('priorityRange')).max(9, key('priorityRange')),
      sponsoredUntil: z.string(),
      featured: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (isoDate.test(values.startDate) && isoDate.test(values.endDate) && values.endDate <= values.startDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: key('endBeforeStart') });
      }
      if (Number.isFinite(values.budget) && Number.isFinite(values.clickRate) && values.budget < values.clickRate) {
        ctx.addIssue({ code: 'custom', path: ['budget'], message: key('budgetBelowRate') });
      }
      if (values.kind === 'sponsored') {
        if (!isoDate.test(values.sponsoredUntil)) {
          ctx.addIssue({ code: 'custom', path: ['sponsoredUntil'], message: key('dateRequired') });
        } else if (values.sponsoredUntil <= values.startDate || values.sponsoredUntil < today || (isoDate.test(values.endDate) && values.sponsoredUntil > values.endDate)) {
          ctx.addIssue({ code: 'custom', path: ['sponsoredUntil'], message: key('sponsoredUntilRange') });
        }
        if (values.priority > 1 && !plan.priority) {
          ctx.addIssue({ code: 'custom', path: ['priority'], message: key('priorityPlan') });
        }
      }
      if (values.featured && !plan.featured) {
        ctx.addIssue({ code: 'custom', path: ['featured'], message: key('featuredPlan') });
      }
    });
}

export type CampaignInput = z.input<ReturnType<typeof campaignSchema>>;
export type CampaignValues = z.output<ReturnType<typeof campaignSchema>>;

/** The fields in the order the form shows them (the first invalid one gets the focus). */
export const CAMPAIGN_FIELDS = ['listingId', 'kind', 'name', 'budget', 'clickRate', 'startDate', 'endDate', 'priority', 'sponsoredUntil', 'featured'] as const;

export function defaultCampaign(): CampaignInput {
  return {
    listingId: '',
    kind: 'ppc',
    name: '',
    budget: '',
    clickRate: '0.50',
    startDate: todayLocal(),
    endDate: inDaysLocal(30),
    priority: 1,
    sponsoredUntil: inDaysLocal(14),
    featured: false,
  };
}

/** A local calendar date as the instant it starts (start) or ends (end) in the browser's time zone. */
export function dayStart(date: string): string {
  return new Date(`${date}T00:00:00`).toISOString();
}
export function dayEnd(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}
