import { describe, expect, test } from '@jest/globals';
import { reportProblem, reportSchema } from './report';

const LISTING = ['fraud', 'misleading', 'spam', 'inappropriate', 'other'] as const;

describe('a report to the administrators', () => {
  const schema = reportSchema(LISTING);

  test('needs a reason from the list, and a description of at least 10 characters for "something else"', () => {
    expect(schema.safeParse({ reason: '', details: '' }).error?.issues[0]?.message).toBe('report.problems.reasonRequired');
    expect(schema.safeParse({ reason: 'harassment', details: '' }).success).toBe(false);
    expect(schema.safeParse({ reason: 'fraud', details: '' }).success).toBe(true);
    expect(schema.safeParse({ reason: 'other', details: ' too short ' }).error?.issues[0]?.message).toBe('report.problems.detailsRequired');
    expect(schema.safeParse({ reason: 'other', details: 'Photos are of another house' }).data).toEqual({ reason: 'other', details: 'Photos are of another house' });
    expect(schema.safeParse({ reason: 'spam', details: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('report.problems.detailsTooLong');
    expect(schema.safeParse({ reason: 'spam', details: `  ${'x'.repeat(2000)}  ` }).success).toBe(true);
  });

  test("maps the database's refusals to their messages", () => {
    expect(reportProblem('23505')).toBe('report.problems.already');
    expect(reportProblem('PT429')).toBe('report.problems.tooMany');
    expect(reportProblem(null)).toBe('report.problems.failed');
    expect(reportProblem(undefined)).toBe('report.problems.failed');
  });
});
