// An in-memory stand-in for the part of supabase-js's query builder the catalogue's services use, so a
// service's choice of rows (filters, order, limit) is tested against data instead of against the calls.
type Row = Record<string, unknown>;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

/** A column, or a column of an embedded row ("listing.vendor_id"). */
function columnOf(row: Row, column: string): unknown {
  return column.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Row)[key] : undefined), row);
}

export class FakeQuery implements PromiseLike<{ data: unknown; error: null; count: number | null }> {
  private filters: ((row: Row) => boolean)[] = [];
  private orders: { column: string; ascending: boolean }[] = [];
  private max: number | null = null;
  private window: [number, number] | null = null;

  constructor(private readonly rows: Row[]) {}

  select(): this {
    return this;
  }
  eq(column: string, expected: unknown): this {
    this.filters.push((row) => columnOf(row, column) === expected);
    return this;
  }
  neq(column: string, value: unknown): this {
    this.filters.push((row) => row[column] !== value);
    return this;
  }
  gt(column: string, value: unknown): this {
    this.filters.push((row) => compare(row[column], value) > 0);
    return this;
  }
  gte(column: string, value: unknown): this {
    this.filters.push((row) => compare(row[column], value) >= 0);
    return this;
  }
  lte(column: string, value: unknown): this {
    this.filters.push((row) => compare(row[column], value) <= 0);
    return this;
  }
  in(column: string, values: readonly unknown[]): this {
    this.filters.push((row) => values.includes(row[column]));
    return this;
  }
  not(column: string, operator: string, value: string): this {
    if (operator !== 'in') throw new Error(`FakeQuery: not.${operator} is not supported`);
    const values = value.replace(/^\(|\)$/g, '').split(',');
    this.filters.push((row) => !values.includes(String(row[column])));
    return this;
  }
  order(column: string, options: { ascending?: boolean } = {}): this {
    this.orders.push({ column, ascending: options.ascending ?? true });
    return this;
  }
  limit(count: number): this {
    this.max = count;
    return this;
  }
  range(from: number, to: number): this {
    this.window = [from, to];
    return this;
  }
  then<T1 = { data: unknown; error: null; count: number | null }, T2 = never>(
    onfulfilled?: ((value: { data: unknown; error: null; count: number | null }) => T1 | PromiseLike<T1>) | null,
    onrejected?: ((reason: unknown) => T2 | PromiseLike<T2>) | null,
  ): PromiseLike<T1 | T2> {
    const matching = this.rows.filter((row) => this.filters.every((f) => f(row)));
    const sorted = [...matching].sort((a, b) => {
      for (const { column, ascending } of this.orders) {
        // Like PostgreSQL: nulls last ascending, first descending.
        const c = compare(a[column], b[column]);
        if (c !== 0) return ascending ? c : -c;
      }
      return 0;
    });
    let data = sorted;
    if (this.window) data = data.slice(this.window[0], this.window[1] + 1);
    if (this.max !== null) data = data.slice(0, this.max);
    return Promise.resolve({ data, error: null, count: matching.length }).then(onfulfilled, onrejected);
  }
}

/** A `db()` whose `from(table)` queries the given rows and whose `rpc(name)` answers `rpcs[name]`. */
export function fakeDb(tables: Record<string, Row[]>, rpcs: Record<string, unknown> = {}) {
  return {
    from: (table: string) => new FakeQuery(tables[table] ?? []),
    rpc: (name: string) => Promise.resolve({ data: rpcs[name] ?? null, error: null }),
  };
}
