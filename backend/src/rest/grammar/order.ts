import { Scanner } from './scanner.ts';
import { parseJsonPath, type JsonStep } from './select.ts';

export interface OrderTerm {
  /** Set when ordering by a column of an embedded to-one resource: `order=rel(col).desc`. */
  relation: string | null;
  name: string;
  jsonPath: JsonStep[];
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Parses `order=c1.desc.nullslast,rel(c2),data->>k.asc`. */
export function parseOrder(input: string): OrderTerm[] {
  const s = new Scanner(input, 'order parameter');
  const terms: OrderTerm[] = [];
  for (;;) {
    s.skipSpaces();
    let relation: string | null = null;
    let name = s.identifier();
    let jsonPath: JsonStep[];
    if (s.peek() === '(') {
      s.next();
      relation = name;
      name = s.identifier();
      jsonPath = parseJsonPath(s);
      s.expect(')');
    } else {
      jsonPath = parseJsonPath(s);
    }
    let direction: OrderTerm['direction'] = null;
    let nulls: OrderTerm['nulls'] = null;
    while (s.peek() === '.') {
      s.next();
      const word = s.word();
      if ((word === 'asc' || word === 'desc') && !direction && !nulls) direction = word;
      else if ((word === 'nullsfirst' || word === 'nullslast') && !nulls) nulls = word === 'nullsfirst' ? 'first' : 'last';
      else throw s.error(`unexpected "${word || s.peek()}", expecting asc, desc, nullsfirst or nullslast`);
    }
    terms.push({ relation, name, jsonPath, direction, nulls });
    s.skipSpaces();
    if (s.atEnd()) return terms;
    s.expect(',');
  }
}
