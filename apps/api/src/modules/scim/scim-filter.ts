import { scimError } from './scim-errors.ts';

/**
 * SCIM filters (RFC 7644 §3.4.2.2) parsed into a tree: never text handed to SQL. The repository turns
 * the tree into Kysely conditions over an allow-list of attributes (decision 073).
 */
export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;
export type Filter =
  | { kind: 'compare'; path: string; op: CompareOp; value: FilterValue }
  | { kind: 'present'; path: string }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  /** `emails[type eq "work"]`: the sub-filter applies to the multi-valued attribute's items. */
  | { kind: 'valuePath'; path: string; filter: Filter };

const MAX_LENGTH = 2000;
const MAX_DEPTH = 20;
const OPS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
/** An attribute path: a URN prefix with its colon, then name(.sub). */
const ATTR = /^(?:urn:[a-z0-9.:_-]+:)?[a-z$][\w$-]*(?:\.[a-z$][\w$-]*)?$/i;

type Token = { type: 'word' | 'string' | '(' | ')' | '[' | ']'; text: string };

const invalid = (detail: string) => scimError(400, 'invalidFilter', detail);

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if ('()[]'.includes(ch)) {
      tokens.push({ type: ch as Token['type'], text: ch });
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < input.length && input[j] !== '"') j += input[j] === '\\' ? 2 : 1;
      if (j >= input.length) throw invalid('A string in the filter is not closed.');
      try {
        tokens.push({ type: 'string', text: JSON.parse(input.slice(i, j + 1)) as string });
      } catch {
        throw invalid('A string in the filter has an invalid escape.');
      }
      i = j + 1;
    } else {
      let j = i;
      while (j < input.length && !/[\s()[\]"]/.test(input[j]!)) j++;
      tokens.push({ type: 'word', text: input.slice(i, j) });
      i = j;
    }
  }
  return tokens;
}

class Parser {
  private at = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Filter {
    const filter = this.or();
    if (this.at < this.tokens.length) throw invalid(`Unexpected "${this.tokens[this.at]!.text}" in the filter.`);
    return filter;
  }

  private peekWord(): string | undefined {
    const token = this.tokens[this.at];
    return token?.type === 'word' ? token.text.toLowerCase() : undefined;
  }

  private expect(type: Token['type']): Token {
    const token = this.tokens[this.at++];
    if (!token || token.type !== type) throw invalid(`Expected "${type}" in the filter.`);
    return token;
  }

  private nest<T>(work: () => T): T {
    if (++this.depth > MAX_DEPTH) throw invalid('The filter is nested too deeply.');
    const result = work();
    this.depth--;
    return result;
  }

  private or(): Filter {
    let left = this.and();
    while (this.peekWord() === 'or') {
      this.at++;
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Filter {
    let left = this.unary();
    while (this.peekWord() === 'and') {
      this.at++;
      left = { kind: 'and', left, right: this.unary() };
    }
    return left;
  }

  private unary(): Filter {
    return this.nest(() => {
      if (this.peekWord() === 'not') {
        this.at++;
        this.expect('(');
        const filter = this.or();
        this.expect(')');
        return { kind: 'not', filter };
      }
      if (this.tokens[this.at]?.type === '(') {
        this.at++;
        const filter = this.or();
        this.expect(')');
        return filter;
      }
      return this.attributeExpression();
    });
  }

  private attributeExpression(): Filter {
    const pathToken = this.expect('word');
    let path = pathToken.text;
    if (this.tokens[this.at]?.type === '[') {
      this.at++;
      const filter = this.or();
      this.expect(']');
      if (!ATTR.test(path)) throw invalid(`"${path}" is not an attribute.`);
      const sub = this.tokens[this.at];
      // `emails[type eq "work"].value eq "x"`: the sub-attribute follows the bracket.
      if (sub?.type === 'word' && sub.text.startsWith('.')) {
        this.at++;
        path = `${path}${sub.text}`;
        return { kind: 'and', left: { kind: 'valuePath', path: pathToken.text, filter }, right: this.comparison(path) };
      }
      return { kind: 'valuePath', path, filter };
    }
    return this.comparison(path);
  }

  private comparison(path: string): Filter {
    if (!ATTR.test(path)) throw invalid(`"${path}" is not an attribute.`);
    const op = this.peekWord();
    if (op === 'pr') {
      this.at++;
      return { kind: 'present', path };
    }
    if (!op || !OPS.has(op)) throw invalid(`"${this.tokens[this.at]?.text ?? ''}" is not a filter operator.`);
    this.at++;
    const token = this.tokens[this.at++];
    if (!token) throw invalid('A comparison has no value.');
    return { kind: 'compare', path, op: op as CompareOp, value: tokenValue(token) };
  }
}

function tokenValue(token: Token): FilterValue {
  if (token.type === 'string') return token.text;
  if (token.type !== 'word') throw invalid('A comparison has no value.');
  const word = token.text.toLowerCase();
  if (word === 'true') return true;
  if (word === 'false') return false;
  if (word === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(word)) return Number(word);
  throw invalid(`"${token.text}" is not a value: quote strings.`);
}

/** Parses a filter expression; a 400 `invalidFilter` SCIM error on anything else. */
export function parseFilter(input: string): Filter {
  if (input.length > MAX_LENGTH) throw invalid('The filter is too long.');
  const tokens = tokenize(input);
  if (tokens.length === 0) throw invalid('The filter is empty.');
  return new Parser(tokens).parse();
}

/**
 * An attribute path in the form the repositories look it up by: lower case, without the core
 * schema's URN (`urn:ietf:params:scim:schemas:core:2.0:User:userName` → `username`).
 */
export function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  for (const prefix of [
    'urn:ietf:params:scim:schemas:core:2.0:user:',
    'urn:ietf:params:scim:schemas:core:2.0:group:',
  ]) {
    if (lower.startsWith(prefix)) return lower.slice(prefix.length);
  }
  return lower;
}
