// The messenger's forms (issue 14): composer, quotation, meeting request, another time, decline and
// cancel. The limits are the database's (messages, meetings, quotation checks in
// 20261126010100_messenger.sql), so the browser never sends what the server would refuse. Messages
// are keys of the messenger's `messenger-ui` namespace.
import { z } from 'zod';

export const MAX_MESSAGE_LENGTH = 10_000;
export const MAX_QUOTATION_TITLE = 200;
export const MAX_QUOTATION_AMOUNT = 9_999_999_999.99;
export const MAX_MEETING_NOTE = 2000;
export const MAX_REASON = 1000;
/** Currencies a vendor can quote in; EUR is the default (spec: prices are shown in euros). */
export const QUOTATION_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'TRY', 'JPY', 'CNY', 'KRW', 'INR', 'AED', 'SAR', 'BRL', 'CAD', 'AUD'] as const;

const key = (name: string) => `messenger-ui:form.${name}`;

/** Spec section 5: a message's text is non-blank after trimming. */
export const messageSchema = z.object({
  text: z
    .string()
    .refine((value) => value.trim().length > 0, key('blank'))
    .refine((value) => value.trim().length <= MAX_MESSAGE_LENGTH, key('messageTooLong')),
});

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const amount = z
  .string()
  .trim()
  .min(1, key('amountRequired'))
  .transform((value) => Number(value.replace(',', '.')))
  .pipe(
    z
      .number({ error: key('amountNumber') })
      .refine((value) => Number.isFinite(value), key('amountNumber'))
      .refine((value) => value > 0, key('amountPositive'))
      .refine((value) => value <= MAX_QUOTATION_AMOUNT, key('amountTooLarge'))
      .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), key('amountCents')),
  );

export const quotationSchema = z.object({
  title: z.string().trim().min(1, key('titleRequired')).max(MAX_QUOTATION_TITLE, key('titleTooLong')),
  amount,
  currency: z.enum(QUOTATION_CURRENCIES, { error: key('currency') }),
  depositPercent: z
    .string()
    .trim()
    .transform((value) => (value === '' ? 10 : Number(value.replace(',', '.'))))
    .pipe(z.number().refine((value) => Number.isFinite(value) && value >= 0 && value <= 100, key('deposit'))),
  validUntil: z
    .string()
    .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && value >= today()), key('validUntil')),
});

export type QuotationInput = z.input<typeof quotationSchema>;
export type QuotationValues = z.output<typeof quotationSchema>;

/**
 * Proposed times as `<input type="datetime-local">` gives them (local time, no zone); empty inputs
 * are left out. `min` is 2 for a customer's request or reschedule, 1 for a vendor's other time.
 */
export function meetingTimesSchema(min: number) {
  return z
    .array(z.string())
    .transform((values) => values.filter((value) => value.trim() !== ''))
    .refine((values) => values.length >= min && values.length <= 3, min === 1 ? key('oneToThreeTimes') : key('twoOrThreeTimes'))
    .refine((values) => values.every((value) => !Number.isNaN(new Date(value).getTime())), key('timeInvalid'))
    .refine((values) => values.every((value) => new Date(value).getTime() > Date.now() + 3_600_000), key('timeTooSoon'))
    .refine((values) => new Set(values.map((value) => new Date(value).getTime())).size === values.length, key('timesDistinct'));
}

export const meetingRequestSchema = z.object({
  meetingType: z.enum(['on_site', 'video'], { error: key('meetingType') }),
  times: meetingTimesSchema(2),
  note: z.string().trim().max(MAX_MEETING_NOTE, key('noteTooLong')),
});

export type MeetingRequestInput = z.input<typeof meetingRequestSchema>;
export type MeetingRequestValues = z.output<typeof meetingRequestSchema>;

export const meetingDeclineSchema = z.object({
  reason: z.string().trim().min(1, key('reasonRequired')).max(MAX_REASON, key('reasonTooLong')),
});

export const meetingCancelSchema = z.object({
  reason: z.string().trim().max(MAX_REASON, key('reasonTooLong')),
});
