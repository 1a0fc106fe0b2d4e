import { describe, expect, test } from '@jest/globals';
import { change, choiceFromParams, lengthInDays, paramsOf, periodOf, presetPeriod, previousPeriod, rangeProblem } from './period';

const now = new Date('2026-11-26T09:30:00Z');

describe('analytics periods', () => {
  test('presets count back from today (UTC), today included', () => {
    expect(presetPeriod('today', now)).toEqual({ start: '2026-11-26', end: '2026-11-26' });
    expect(presetPeriod('7d', now)).toEqual({ start: '2026-11-20', end: '2026-11-26' });
    expect(presetPeriod('30d', now)).toEqual({ start: '2026-10-28', end: '2026-11-26' });
    expect(presetPeriod('90d', now)).toEqual({ start: '2026-08-29', end: '2026-11-26' });
    expect(presetPeriod('12m', now)).toEqual({ start: '2025-11-27', end: '2026-11-26' });
    expect(lengthInDays(presetPeriod('12m', now))).toBe(365);
    // Late evening in UTC+14 is still the UTC day before.
    expect(presetPeriod('today', new Date('2026-11-26T23:59:59Z'))).toEqual({ start: '2026-11-26', end: '2026-11-26' });
  });

  test('the previous period has the same length and ends the day before', () => {
    expect(previousPeriod({ start: '2026-11-20', end: '2026-11-26' })).toEqual({ start: '2026-11-13', end: '2026-11-19' });
    expect(previousPeriod({ start: '2026-11-26', end: '2026-11-26' })).toEqual({ start: '2026-11-25', end: '2026-11-25' });
    // Across a month end and a leap day.
    expect(previousPeriod({ start: '2028-03-01', end: '2028-03-31' })).toEqual({ start: '2028-01-30', end: '2028-02-29' });
  });

  test('a custom range must be two dates, forward, not in the future and at most two years', () => {
    expect(rangeProblem('2026-11-01', '2026-11-10', now)).toBeNull();
    expect(rangeProblem('2026-11-10', '2026-11-10', now)).toBeNull();
    expect(rangeProblem('', '2026-11-10', now)).toBe('invalidDate');
    expect(rangeProblem('2026-13-01', '2026-11-10', now)).toBe('invalidDate');
    expect(rangeProblem('2026-11-10', '2026-11-01', now)).toBe('backwards');
    expect(rangeProblem('2026-11-01', '2026-11-27', now)).toBe('future');
    expect(rangeProblem('2024-11-24', '2026-11-26', now)).toBe('tooLong');
    expect(rangeProblem('2024-11-25', '2026-11-26', now)).toBeNull();
  });

  test('the choice lives in the address; an invalid one falls back to 30 days', () => {
    expect(choiceFromParams(new URLSearchParams('period=90d'), now)).toEqual({ kind: 'preset', preset: '90d' });
    expect(choiceFromParams(new URLSearchParams('period=forever'), now)).toEqual({ kind: 'preset', preset: '30d' });
    expect(choiceFromParams(new URLSearchParams(''), now)).toEqual({ kind: 'preset', preset: '30d' });
    expect(choiceFromParams(new URLSearchParams('from=2026-11-01&to=2026-11-05'), now)).toEqual({ kind: 'custom', start: '2026-11-01', end: '2026-11-05' });
    expect(choiceFromParams(new URLSearchParams('from=2026-11-05&to=2026-11-01'), now)).toEqual({ kind: 'preset', preset: '30d' });
    expect(paramsOf({ kind: 'custom', start: '2026-11-01', end: '2026-11-05' })).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    expect(periodOf({ kind: 'preset', preset: '7d' }, now)).toEqual({ start: '2026-11-20', end: '2026-11-26' });
  });

  test('the comparison is a fraction of the previous figure, or nothing to compare with', () => {
    expect(change(125, 100)).toBe(0.25);
    expect(change(50, 100)).toBe(-0.5);
    expect(change(0, 0)).toBe(0);
    expect(change(3, 0)).toBeNull();
  });
});
