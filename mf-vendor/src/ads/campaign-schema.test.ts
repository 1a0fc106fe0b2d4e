import { describe, expect, test } from '@jest/globals';
import { campaignSchema, defaultCampaign, planOptions, type CampaignInput } from './campaign-schema';

const TODAY = '2026-11-26';
const valid: CampaignInput = {
  ...defaultCampaign(),
  listingId: 'listing-1',
  kind: 'ppc',
  name: 'Spring cabins',
  budget: '3',
  clickRate: '1',
  startDate: TODAY,
  endDate: '2026-12-26',
  priority: 1,
  sponsoredUntil: '2026-12-10',
  featured: false,
};

function problems(input: Partial<CampaignInput>, plan = planOptions('starter')): Record<string, string> {
  const result = campaignSchema(plan, TODAY).safeParse({ ...valid, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('campaign form schema', () => {
  test('a complete PPC campaign is valid and gives numbers in euros', () => {
    const result = campaignSchema(planOptions('starter'), TODAY).parse({ ...valid, budget: '3,50', clickRate: '0.10' });
    expect(result).toMatchObject({ budget: 3.5, clickRate: 0.1, kind: 'ppc', name: 'Spring cabins' });
  });

  test('required fields say what is missing', () => {
    expect(problems({ listingId: '', name: '  ', budget: '', clickRate: '' })).toEqual({
      listingId: 'vendor-ads:form.listingRequired',
      name: 'vendor-ads:form.nameRequired',
      budget: 'vendor-ads:form.budgetRequired',
      clickRate: 'vendor-ads:form.clickRateRequired',
    });
  });

  test('the click rate is at least €0.10 and amounts have at most two decimals', () => {
    expect(problems({ clickRate: '0.09' })).toEqual({ clickRate: 'vendor-ads:form.clickRateMin' });
    expect(problems({ clickRate: '0.105' })).toEqual({ clickRate: 'vendor-ads:form.amountFormat' });
    expect(problems({ clickRate: '101', budget: '500' })).toEqual({ clickRate: 'vendor-ads:form.clickRateMax' });
    expect(problems({ budget: 'abc' })).toEqual({ budget: 'vendor-ads:form.amountFormat' });
  });

  test('the budget is €1 to €100,000 and covers one click', () => {
    expect(problems({ budget: '0.50', clickRate: '0.10' })).toEqual({ budget: 'vendor-ads:form.budgetMin' });
    expect(problems({ budget: '100001' })).toEqual({ budget: 'vendor-ads:form.budgetMax' });
    expect(problems({ budget: '2', clickRate: '5' })).toEqual({ budget: 'vendor-ads:form.budgetBelowRate' });
  });

  test('dates: no start in the past, the end after the start', () => {
    expect(problems({ startDate: '2026-11-25' })).toEqual({ startDate: 'vendor-ads:form.startPast' });
    expect(problems({ endDate: TODAY })).toEqual({ endDate: 'vendor-ads:form.endBeforeStart' });
    expect(problems({ endDate: '' })).toEqual({ endDate: 'vendor-ads:form.dateRequired' });
  });

  test('a sponsored placement needs sponsored-until within the campaign', () => {
    expect(problems({ kind: 'sponsored', sponsoredUntil: '' })).toEqual({ sponsoredUntil: 'vendor-ads:form.dateRequired' });
    expect(problems({ kind: 'sponsored', sponsoredUntil: '2027-01-10' })).toEqual({ sponsoredUntil: 'vendor-ads:form.sponsoredUntilRange' });
    expect(problems({ kind: 'sponsored', sponsoredUntil: '2026-12-10' })).toEqual({});
  });

  test('priority above 1 needs Entrepreneur or Pro; featured needs Pro', () => {
    expect(problems({ kind: 'sponsored', priority: 5 }, planOptions('starter'))).toEqual({ priority: 'vendor-ads:form.priorityPlan' });
    expect(problems({ kind: 'sponsored', priority: 5 }, planOptions('entrepreneur'))).toEqual({});
    expect(problems({ kind: 'sponsored', priority: 12 }, planOptions('pro'))).toEqual({ priority: 'vendor-ads:form.priorityRange' });
    expect(problems({ featured: true }, planOptions('entrepreneur'))).toEqual({ featured: 'vendor-ads:form.featuredPlan' });
    expect(problems({ featured: true }, planOptions('pro'))).toEqual({});
  });
});
