import { describe, expect, test } from '@jest/globals';
import { toCsv } from './csv';

describe('CSV export', () => {
  test('writes a header and rows, quoting what needs quotes', () => {
    expect(toCsv(['Search', 'Searches', 'No results'], [['tiny house', 12, 3], ['cabin, "modern"', 4, 0], ['line\nbreak', 1, null]])).toBe(
      'Search,Searches,No results\r\ntiny house,12,3\r\n"cabin, ""modern""",4,0\r\n"line\nbreak",1,\r\n',
    );
  });

  test('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(toCsv(['Term'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@sum']])).toBe('Term\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-2\r\n\'@sum\r\n');
  });

  test('writes numbers as they are and non-finite numbers as empty cells', () => {
    expect(toCsv(['a', 'b', 'c'], [[-5, 1234.5, Number.NaN]])).toBe('a,b,c\r\n-5,1234.5,\r\n');
  });
});
