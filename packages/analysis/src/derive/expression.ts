/**
 * The expression of a derived series (`a/b*100`, `(a-b)/c`, `a^2`): a small grammar of our own, read
 * into a tree and evaluated over whole columns. Nothing is ever executed as code (no eval, no
 * Function), and a bad expression is refused naming the position and what was expected.
 *
 *   sum     := product (('+' | '-') product)*
 *   product := unary (('*' | '/') unary)*
 *   unary   := ('-' | '+') unary | power
 *   power   := primary ('^' unary)?          right-associative: 2^3^2 = 2^(3^2); -a^2 = -(a^2)
 *   primary := number | operand | '(' sum ')'
 *   operand := one letter a..z (case-insensitive)
 */
import { InvalidParameterError } from '@econdata/core';

export type Node =
  | { type: 'number'; value: number }
  | { type: 'operand'; name: string }
  | { type: 'negate'; arg: Node }
  | { type: 'binary'; op: '+' | '-' | '*' | '/' | '^'; left: Node; right: Node };

/** A parsed expression: its tree, its canonical text and the operand names it uses (sorted). */
export interface Expression {
  text: string;
  tree: Node;
  names: string[];
}

/** The longest expression read: a formula cell is 8,192 characters, and no sensible formula nears this. */
const MAX_LENGTH = 2000;

interface Token {
  kind: 'number' | 'operand' | 'op' | 'end';
  text: string;
  value?: number;
  /** 1-based character position, as a person counts. */
  at: number;
}

const NUMBER = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i;
const OPERATORS = new Set(['+', '-', '*', '/', '^', '(', ')']);

function refuse(text: string, at: number, expected: string, found: string): InvalidParameterError {
  return new InvalidParameterError(
    'expression',
    `Invalid expression "${text}" at position ${at}: expected ${expected}, found ${found}. Operands are the letters a, b, c ...; the operators are + - * / ^ and parentheses.`,
  );
}

const shown = (t: Token): string => (t.kind === 'end' ? 'the end of the expression' : `"${t.text}"`);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) { i++; continue; }
    const num = NUMBER.exec(text.slice(i));
    if (num) {
      tokens.push({ kind: 'number', text: num[0], value: Number(num[0]), at: i + 1 });
      i += num[0].length;
    } else if (/[a-z]/i.test(ch)) {
      if (/[a-z]/i.test(text[i + 1] ?? '')) {
        const word = /^[a-z_]+/i.exec(text.slice(i))![0];
        throw refuse(text, i + 1, 'an operand (one letter: a, b, c ...)', `"${word}"`);
      }
      tokens.push({ kind: 'operand', text: ch.toLowerCase(), at: i + 1 });
      i++;
    } else if (OPERATORS.has(ch)) {
      tokens.push({ kind: 'op', text: ch, at: i + 1 });
      i++;
    } else {
      throw refuse(text, i + 1, 'an operand, a number, an operator or a parenthesis', `"${ch}"`);
    }
  }
  tokens.push({ kind: 'end', text: '', at: text.length + 1 });
  return tokens;
}

class Parser {
  private i = 0;
  constructor(private readonly text: string, private readonly tokens: Token[]) {}

  private peek(): Token { return this.tokens[this.i]!; }
  private isOp(...ops: string[]): boolean {
    const t = this.peek();
    return t.kind === 'op' && ops.includes(t.text);
  }

  parse(): Node {
    const tree = this.sum();
    const t = this.peek();
    if (t.kind !== 'end') throw refuse(this.text, t.at, t.text === ')' ? 'an operator (no "(" is open)' : 'an operator (+ - * / ^) or the end', shown(t));
    return tree;
  }

  private sum(): Node {
    let left = this.product();
    while (this.isOp('+', '-')) {
      const op = this.tokens[this.i++]!.text as '+' | '-';
      left = { type: 'binary', op, left, right: this.product() };
    }
    return left;
  }

  private product(): Node {
    let left = this.unary();
    while (this.isOp('*', '/')) {
      const op = this.tokens[this.i++]!.text as '*' | '/';
      left = { type: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Node {
    if (this.isOp('-')) { this.i++; return { type: 'negate', arg: this.unary() }; }
    if (this.isOp('+')) { this.i++; return this.unary(); }
    return this.power();
  }

  private power(): Node {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    this.i++;
    return { type: 'binary', op: '^', left: base, right: this.unary() };
  }

  private primary(): Node {
    const t = this.peek();
    if (t.kind === 'number') { this.i++; return { type: 'number', value: t.value! }; }
    if (t.kind === 'operand') { this.i++; return { type: 'operand', name: t.text }; }
    if (t.kind === 'op' && t.text === '(') {
      this.i++;
      const inner = this.sum();
      const close = this.peek();
      if (!(close.kind === 'op' && close.text === ')')) throw refuse(this.text, close.at, `")" to close the "(" at position ${t.at}`, shown(close));
      this.i++;
      return inner;
    }
    throw refuse(this.text, t.at, 'an operand (a, b, c ...), a number or "("', shown(t));
  }
}

const PRECEDENCE: Record<string, number> = { '+': 1, '-': 1, '*': 2, '/': 2, '^': 4 };

/** How formatExpression writes operands and operators (the canonical text: as named, no spaces). */
interface Style {
  name: (n: string) => string;
  op: (op: string) => string;
}
const CANONICAL: Style = { name: (n) => n, op: (op) => op };
const READABLE_OPS: Record<string, string> = { '+': ' + ', '-': ' − ', '*': ' × ', '/': ' ÷ ', '^': '^' };

/** The canonical text of a tree: no spaces, only the parentheses the grammar needs. */
export function formatExpression(node: Node, style: Style = CANONICAL): string {
  switch (node.type) {
    case 'number': return String(node.value);
    case 'operand': return style.name(node.name);
    case 'negate': {
      const inner = formatExpression(node.arg, style);
      return node.arg.type === 'binary' && PRECEDENCE[node.arg.op]! < 4 ? `-(${inner})` : `-${inner}`;
    }
    case 'binary': {
      const p = PRECEDENCE[node.op]!;
      const rightAssoc = node.op === '^';
      const side = (child: Node, right: boolean): string => {
        const s = formatExpression(child, style);
        let wrap = false;
        if (child.type === 'binary') {
          const c = PRECEDENCE[child.op]!;
          wrap = c < p || (c === p && (right ? !rightAssoc : rightAssoc));
        } else if (child.type === 'negate') wrap = !right && p === 4; // (-a)^2 is not -a^2 = -(a^2)
        return wrap ? `(${s})` : s;
      };
      return `${side(node.left, false)}${style.op(node.op)}${side(node.right, true)}`;
    }
  }
}

/** The expression for a title: each operand by `nameOf`, operators spaced and in print (× ÷ −). */
export const readableExpression = (node: Node, nameOf: (n: string) => string): string => formatExpression(node, { name: nameOf, op: (op) => READABLE_OPS[op]! });

function collectNames(node: Node, into: Set<string>): void {
  if (node.type === 'operand') into.add(node.name);
  else if (node.type === 'negate') collectNames(node.arg, into);
  else if (node.type === 'binary') { collectNames(node.left, into); collectNames(node.right, into); }
}

/**
 * Reads an expression over operands a, b, c ...; throws InvalidParameterError('expression') naming
 * the 1-based position and what was expected there.
 * @example parseExpression('a/b*100').names // ['a', 'b']
 */
export function parseExpression(text: string): Expression {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new InvalidParameterError('expression', 'The expression is empty: write one over the operands a, b, c ..., e.g. "a/b" or "a/b*100".');
  }
  if (text.length > MAX_LENGTH) throw new InvalidParameterError('expression', `The expression is ${text.length} characters long; at most ${MAX_LENGTH} are read.`);
  const tree = new Parser(text, tokenize(text)).parse();
  const names = new Set<string>();
  collectNames(tree, names);
  if (names.size === 0) throw new InvalidParameterError('expression', `The expression "${text}" uses no operand: name at least one series as a, b, c ...`);
  return { text: formatExpression(tree), tree, names: [...names].sort() };
}

/**
 * The expression over whole columns of length n (NaN is missing): a missing operand, a divisor of
 * 0 and any result that is not a finite number (0^-1, (-8)^(1/3), an overflow) give NaN.
 */
export function evaluate(node: Node, columns: ReadonlyMap<string, Float64Array>, n: number): Float64Array {
  switch (node.type) {
    case 'number': return new Float64Array(n).fill(node.value);
    case 'operand': return columns.get(node.name)!.slice(0, n);
    case 'negate': {
      const v = evaluate(node.arg, columns, n);
      for (let i = 0; i < n; i++) v[i] = -v[i]!;
      return v;
    }
    case 'binary': {
      const l = evaluate(node.left, columns, n);
      const r = evaluate(node.right, columns, n);
      for (let i = 0; i < n; i++) {
        const x = l[i]!;
        const y = r[i]!;
        let z: number;
        switch (node.op) {
          case '+': z = x + y; break;
          case '-': z = x - y; break;
          case '*': z = x * y; break;
          case '/': z = y === 0 ? NaN : x / y; break;
          case '^': z = Math.pow(x, y); break;
        }
        l[i] = z - z === 0 ? z : NaN;
      }
      return l;
    }
  }
}
