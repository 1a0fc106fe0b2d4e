import { parseError, type RestError } from '../errors.ts';

// Characters that end an unquoted identifier in select, order and logic-tree positions.
const STOP = new Set([',', ':', '(', ')', '!', '.', '"', '>', '*']);

/** A cursor over one query-parameter value, producing PGRST100 errors that name the parameter. */
export class Scanner {
  readonly input: string;
  readonly what: string;
  pos = 0;

  constructor(input: string, what: string) {
    this.input = input;
    this.what = what;
  }

  atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  peek(): string {
    return this.input[this.pos] ?? '';
  }

  peekAt(offset: number): string {
    return this.input[this.pos + offset] ?? '';
  }

  next(): string {
    return this.input[this.pos++] ?? '';
  }

  consume(text: string): boolean {
    if (this.input.startsWith(text, this.pos)) {
      this.pos += text.length;
      return true;
    }
    return false;
  }

  expect(text: string): void {
    if (!this.consume(text)) {
      throw this.error(this.atEnd() ? `unexpected end of input, expecting "${text}"` : `unexpected "${this.peek()}", expecting "${text}"`);
    }
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t' || this.peek() === '\n') this.pos++;
  }

  error(details: string): RestError {
    const shown = this.input.length > 200 ? `${this.input.slice(0, 200)}…` : this.input;
    return parseError(`${this.what} (${shown})`, `${details} at position ${this.pos + 1}`);
  }

  /** A double-quoted string; a backslash escapes the next character. */
  quoted(): string {
    this.expect('"');
    let out = '';
    for (;;) {
      if (this.atEnd()) throw this.error('unterminated quoted string');
      const c = this.next();
      if (c === '"') return out;
      if (c === '\\') {
        if (this.atEnd()) throw this.error('unterminated quoted string');
        out += this.next();
      } else {
        out += c;
      }
    }
  }

  /** A column, relation or alias name: double-quoted, or a run of non-reserved characters. */
  identifier(): string {
    this.skipSpaces();
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.atEnd()) {
      const c = this.peek();
      if (STOP.has(c)) break;
      if (c === '-' && this.peekAt(1) === '>') break;
      this.pos++;
    }
    const name = this.input.slice(start, this.pos).trim();
    if (!name) throw this.error(this.atEnd() ? 'unexpected end of input, expecting a name' : `unexpected "${this.peek()}", expecting a name`);
    return name;
  }

  /** A bare word of letters, digits and underscores (operators, casts, aggregate names). */
  word(): string {
    const start = this.pos;
    while (/[A-Za-z0-9_]/.test(this.peek())) this.pos++;
    return this.input.slice(start, this.pos);
  }

  /** A JSON path key: quoted, or up to the next arrow, separator or end. */
  jsonKey(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.atEnd()) {
      const c = this.peek();
      if (c === ',' || c === ')' || c === '(' || c === ':' || c === '.' || c === '!') break;
      if (c === '-' && this.peekAt(1) === '>') break;
      this.pos++;
    }
    const key = this.input.slice(start, this.pos);
    if (!key) throw this.error('expecting a JSON key');
    return key;
  }
}
