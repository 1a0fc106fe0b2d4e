import { describe, expect, test } from '@jest/globals';
import { meetingRequestSchema, meetingTimesSchema, messageSchema, quotationSchema } from './messenger';

const local = (hoursAhead: number) => {
  const d = new Date(Date.now() + hoursAhead * 3_600_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const errors = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('the messenger\'s form schemas', () => {
  test('a message is non-blank after trimming (spec section 5)', () => {
    expect(messageSchema.safeParse({ text: 'Hello' }).success).toBe(true);
    expect(errors(messageSchema.safeParse({ text: '  \n ' }))).toEqual(['messenger-ui:form.blank']);
    expect(errors(messageSchema.safeParse({ text: 'x'.repeat(10_001) }))).toEqual(['messenger-ui:form.messageTooLong']);
  });

  test('a quotation: title, a positive amount with at most two decimals, EUR by default, 10 % deposit by default', () => {
    const base = { title: 'Deck', amount: '1250,5', currency: 'EUR', depositPercent: '', validUntil: '' };
    expect(quotationSchema.parse(base)).toEqual({ title: 'Deck', amount: 1250.5, currency: 'EUR', depositPercent: 10, validUntil: '' });
    expect(errors(quotationSchema.safeParse({ ...base, amount: '0' }))).toEqual(['messenger-ui:form.amountPositive']);
    expect(errors(quotationSchema.safeParse({ ...base, amount: 'lots' }))).toContain('messenger-ui:form.amountNumber');
    expect(errors(quotationSchema.safeParse({ ...base, amount: '10.555' }))).toEqual(['messenger-ui:form.amountCents']);
    expect(errors(quotationSchema.safeParse({ ...base, title: ' ' }))).toEqual(['messenger-ui:form.titleRequired']);
    expect(errors(quotationSchema.safeParse({ ...base, depositPercent: '120' }))).toEqual(['messenger-ui:form.deposit']);
    expect(errors(quotationSchema.safeParse({ ...base, validUntil: '2020-01-01' }))).toEqual(['messenger-ui:form.validUntil']);
    expect(errors(quotationSchema.safeParse({ ...base, currency: 'XXX' }))).toEqual(['messenger-ui:form.currency']);
  });

  test('a meeting request: on-site or video, two or three different times at least an hour ahead', () => {
    const ok = meetingRequestSchema.safeParse({ meetingType: 'video', times: [local(24), local(48), ''], note: '' });
    expect(ok.success && ok.data.times).toHaveLength(2);
    expect(errors(meetingRequestSchema.safeParse({ meetingType: 'video', times: [local(24), '', ''], note: '' }))).toEqual(['messenger-ui:form.twoOrThreeTimes']);
    expect(errors(meetingRequestSchema.safeParse({ meetingType: 'video', times: [local(24), local(24)], note: '' }))).toEqual(['messenger-ui:form.timesDistinct']);
    expect(errors(meetingRequestSchema.safeParse({ meetingType: 'video', times: [local(0.2), local(24)], note: '' }))).toEqual(['messenger-ui:form.timeTooSoon']);
    expect(errors(meetingRequestSchema.safeParse({ meetingType: 'phone', times: [local(24), local(48)], note: '' }))).toEqual(['messenger-ui:form.meetingType']);
    expect(meetingTimesSchema(1).safeParse([local(30)]).success).toBe(true);
  });
});
