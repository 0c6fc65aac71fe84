// Stock has one owner (issue 35): outside catalog/stock/, no code of the server writes a
// variant's or a product's stock, nor the facet counters of values in stock, and the rest of the
// server reaches the module through its index.ts. Read from the source, without types: a query
// builder's .set(…) or .values(…) on products or product_variants (its own object literals, and
// the constants, ...rest and .map(…) they come from), and SQL text. Tests arrange stock as they
// need and are not read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const OWNER = 'catalog/stock/';

/**
 * Writes outside catalog/stock/ that stay, each with why. A new one needs a line here; one the
 * code no longer has must leave.
 */
const ALLOWED = [
  'seed/synthetic.ts: inserts products with stock in SQL: a benchmark catalogue, a batch of products in one INSERT … SELECT (their variants follow by trigger)',
  "seed/synthetic.ts: inserts product_variants with stock in SQL: a benchmark's sizes, written with the triggers off and settled by catalog/stock/settle.ts",
];

const WHY =
  "Stock is catalog/stock/'s to write (its index.ts says what it owns): call setStockOfVariant, " +
  'setStockOfProduct, takeStock or returnStock, give a new row ...startingStock(n), or add a ' +
  'function there. A row written from an object the scan cannot see into is refused too: spell ' +
  'its columns out.';

const STOCK_TABLES = new Set(['products', 'productVariants']);
const COUNTER_TABLES = new Set(['productOptionStock', 'optionValueCounts']);

interface Finding {
  /** From src/, with its line: 'catalog/admin-service.ts:42'. */
  at: string;
  /** 'catalog/admin-service.ts: sets stock on productVariants' */
  what: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

// ---- The query builder: what .set(…) and .values(…) write, as far as the source shows ----

type Written = 'stock' | 'starting' | 'unseen';

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) ||
  ts.isAsExpression(e) ||
  ts.isSatisfiesExpression(e) ||
  ts.isNonNullExpression(e)
    ? unwrap(e.expression)
    : e;

const isCallTo = (e: ts.Expression, name: string) => {
  const inner = unwrap(e);
  return ts.isCallExpression(inner) && ts.isIdentifier(inner.expression)
    ? inner.expression.text === name
    : false;
};

const nameOf = (name: ts.PropertyName | ts.BindingName | undefined) =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;

/** `xs.map((x) => …)`: its callback, whose results are the array's elements. */
function mapCallback(e: ts.Expression): ts.ArrowFunction | ts.FunctionExpression | undefined {
  if (!ts.isCallExpression(e) || !ts.isPropertyAccessExpression(e.expression)) return undefined;
  if (e.expression.name.text !== 'map') return undefined;
  const fn = e.arguments[0];
  return fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ? fn : undefined;
}

/** What a function gives back: its expression body, or its own return statements. */
function resultsOf(fn: ts.ArrowFunction | ts.FunctionExpression): ts.Expression[] {
  if (!ts.isBlock(fn.body)) return [fn.body];
  const results: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) results.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return results;
}

/** The declaration `id` names: the last one before it in a scope that holds it. */
function declarationOf(id: ts.Identifier, file: ts.SourceFile): ts.Node | undefined {
  let best: ts.Node | undefined;
  const visit = (node: ts.Node) => {
    if (
      (ts.isVariableDeclaration(node) || ts.isBindingElement(node) || ts.isParameter(node)) &&
      ts.isIdentifier(node.name) &&
      node.name.text === id.text &&
      node.pos < id.pos
    ) {
      const scope = ts.findAncestor(node.parent, (n) => ts.isBlock(n) || ts.isFunctionLike(n));
      if (!scope || (scope.pos <= id.pos && id.end <= scope.end)) best = node;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return best;
}

function written(expr: ts.Expression, file: ts.SourceFile, depth = 0): Written[] {
  if (depth > 20) return ['unseen'];
  const e = unwrap(expr);
  const more = (x: ts.Expression) => written(x, file, depth + 1);
  if (ts.isObjectLiteralExpression(e)) {
    return e.properties.flatMap((p): Written[] => {
      if (!ts.isSpreadAssignment(p)) return nameOf(p.name) === 'stock' ? ['stock'] : [];
      if (isCallTo(p.expression, 'startingStock')) return ['starting'];
      // A helper's columns (pricing(v), optionColumns(…)) are passed over: not seen, not refused.
      return more(p.expression).filter((w) => w !== 'unseen');
    });
  }
  if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap(more);
  if (ts.isConditionalExpression(e)) return [...more(e.whenTrue), ...more(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return more(e.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
      return [...more(e.left), ...more(e.right)];
    }
  }
  const callback = mapCallback(e);
  if (callback) return resultsOf(callback).flatMap(more);
  if (ts.isIdentifier(e)) {
    const declaration = declarationOf(e, file);
    if (!declaration) return ['unseen'];
    if (ts.isVariableDeclaration(declaration)) {
      return declaration.initializer ? more(declaration.initializer) : ['unseen'];
    }
    if (ts.isBindingElement(declaration)) {
      // `const { stock, ...others } = patch`: others has no stock.
      const siblings = ts.isObjectBindingPattern(declaration.parent)
        ? declaration.parent.elements
        : [];
      const takesStock = siblings.some(
        (s) => s !== declaration && nameOf(s.propertyName ?? s.name) === 'stock',
      );
      return declaration.dotDotDotToken && takesStock ? [] : ['unseen'];
    }
    if (ts.isParameter(declaration)) {
      // `rows.map((r) => …)`: r is one of rows.
      const fn = declaration.parent;
      const call = fn.parent;
      if (
        fn.parameters[0] === declaration &&
        ts.isCallExpression(call) &&
        mapCallback(call) === fn &&
        ts.isPropertyAccessExpression(call.expression)
      ) {
        return more(call.expression.expression);
      }
    }
    return ['unseen'];
  }
  return ['unseen'];
}

/** `x.update(table)`, `x.insert(table)` or `x.delete(table)`: the call, or down its chain. */
function tableOf(e: ts.Expression): { verb: string; table: string } | undefined {
  let node: ts.Expression = e;
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['update', 'insert', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!)
    ) {
      return { verb: node.expression.name.text, table: node.arguments[0].text };
    }
    node = node.expression;
  }
  return undefined;
}

/** Only files that name such a table in a write are parsed: parsing all of them takes seconds. */
const WRITE_CALL =
  /\.(?:update|insert|delete)\(\s*(?:products|productVariants|productOptionStock|optionValueCounts)\s*\)/;

function builderWrites(file: string, text: string): Finding[] {
  if (!WRITE_CALL.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const found = (node: ts.Node, what: string) =>
    findings.push({
      at: `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`,
      what: `${file}: ${what}`,
    });
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const target = tableOf(node);
      const arg = node.arguments[0];
      if (target && COUNTER_TABLES.has(target.table) && method === target.verb) {
        found(node, `writes ${target.table}`);
      } else if (target && STOCK_TABLES.has(target.table) && arg) {
        const set =
          method === 'set' && target.verb === 'update'
            ? arg
            : method === 'onConflictDoUpdate' && ts.isObjectLiteralExpression(arg)
              ? arg.properties.find(
                  (p): p is ts.PropertyAssignment =>
                    ts.isPropertyAssignment(p) && nameOf(p.name) === 'set',
                )?.initializer
              : undefined;
        const inserted = method === 'values' && target.verb === 'insert' ? arg : undefined;
        if (set) {
          const w = written(set, source);
          if (w.includes('stock') || w.includes('starting')) {
            found(node, `sets stock on ${target.table}`);
          } else if (w.includes('unseen')) found(node, `sets unseen columns of ${target.table}`);
        }
        if (inserted) {
          const w = written(inserted, source);
          if (w.includes('stock')) found(node, `inserts ${target.table} with stock`);
          else if (w.includes('unseen')) found(node, `inserts unseen columns of ${target.table}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

// ---- SQL text ----

const TABLE = String.raw`(products|product_variants|\$\{\s*(?:products|productVariants)\s*\})`;
const UPDATE = new RegExp(
  String.raw`\bupdate\s+${TABLE}(?:\s+(?:as\s+)?(?!set\b)[a-z_]+)?\s+set\b([\s\S]*?)(?=\bfrom\b|\bwhere\b|\breturning\b|;|` +
    '`' +
    String.raw`|$)`,
  'gi',
);
const INSERT = new RegExp(String.raw`\binsert\s+into\s+${TABLE}\s*\(([^)]*)\)`, 'gi');
const COUNTERS =
  /\b(?:insert\s+into|update|delete\s+from)\s+(product_option_stock|option_value_counts|\$\{\s*(?:productOptionStock|optionValueCounts)\s*\})/gi;

const tableName = (t: string) =>
  /variants/i.test(t)
    ? 'product_variants'
    : /option_stock|OptionStock/.test(t)
      ? 'product_option_stock'
      : /value_?counts/i.test(t)
        ? 'option_value_counts'
        : 'products';

function sqlWrites(file: string, text: string): Finding[] {
  const line = (index: number) => `${file}:${text.slice(0, index).split('\n').length}`;
  return [
    ...[...text.matchAll(UPDATE)]
      .filter((m) => /(?:^|[\s,.(])stock\s*=/i.test(m[2]!))
      .map((m) => ({
        at: line(m.index),
        what: `${file}: sets stock on ${tableName(m[1]!)} in SQL`,
      })),
    ...[...text.matchAll(INSERT)]
      .filter((m) => /\bstock\b/i.test(m[2]!))
      .map((m) => ({
        at: line(m.index),
        what: `${file}: inserts ${tableName(m[1]!)} with stock in SQL`,
      })),
    ...[...text.matchAll(COUNTERS)].map((m) => ({
      at: line(m.index),
      what: `${file}: writes ${tableName(m[1]!)} in SQL`,
    })),
  ];
}

const writesOf = (file: string, text: string) => [
  ...builderWrites(file, text),
  ...sqlWrites(file, text),
];

const files = sourceFiles(src).map((full) => ({
  full,
  file: path.relative(src, full).split(path.sep).join('/'),
  text: readFileSync(full, 'utf8'),
}));
const outside = files.filter((f) => !f.file.startsWith(OWNER));
const inside = files.filter((f) => f.file.startsWith(OWNER));

describe('stock', () => {
  it('is written by catalog/stock/ alone, save for the listed writes', () => {
    const findings = outside.flatMap((f) => writesOf(f.file, f.text));
    const listed = ALLOWED.map((line) => line.split(': ').slice(0, 2).join(': '));
    const refused = findings.filter((f) => !listed.includes(f.what));
    expect(
      refused.map((f) => `${f.at}: ${f.what.slice(f.what.indexOf(': ') + 2)}`),
      WHY,
    ).toEqual([]);
    const stale = listed.filter((l) => !findings.some((f) => f.what === l));
    expect(stale, 'A listed write the code no longer has: remove its line.').toEqual([]);
    for (const line of ALLOWED) expect(line).toMatch(/^\S+: [^:]+: \S.+$/);
  });

  it('is seen by the scan: the module writes it, and new rows start through startingStock', () => {
    const own = inside.flatMap((f) => writesOf(f.file, f.text)).map((f) => f.what);
    expect(own).toEqual(
      expect.arrayContaining([
        'catalog/stock/take-and-return.ts: sets stock on productVariants',
        'catalog/stock/set-stock.ts: sets stock on productVariants',
        'catalog/stock/set-stock.ts: sets stock on products',
        'catalog/stock/settle.ts: sets stock on products in SQL',
        'catalog/stock/settle.ts: writes product_option_stock in SQL',
      ]),
    );
    const starting = outside.filter((f) => /\.\.\.startingStock\(/.test(f.text));
    expect(starting.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a write wherever it is spelt', () => {
    const snippets = {
      literal: 'await tx.update(productVariants).set({ stock: 3 }).where(x);',
      shorthand: 'const stock = 3; await tx.update(products).set({ stock, updatedAt }).where(x);',
      spread: "await tx.update(productVariants).set({ ...(n > 0 && { stock: n }), sku: 'A' });",
      constant: 'const change = { stock: 3 }; await tx.update(productVariants).set(change);',
      parameter: 'async function f(patch: P) { await tx.update(productVariants).set(patch); }',
      inserted: 'await tx.insert(productVariants).values(list.map((v) => ({ sku, stock: v.n })));',
      counters: 'await tx.delete(productOptionStock);',
      sqlUpdate: 'await tx.execute(sql`update product_variants v set stock = 0 where v.id = 1`);',
      sqlBuilt: 'await tx.execute(sql`UPDATE ${products} SET price_cents = 1, stock = 2`);',
      sqlInsert: 'await tx.execute(sql`insert into products (title, stock) values (1, 2)`);',
      sqlCounters: 'await tx.execute(sql`update option_value_counts set products = 0`);',
    };
    const missed = Object.entries(snippets)
      .filter(([, text]) => writesOf('x.ts', text).length === 0)
      .map(([name]) => name);
    expect(missed).toEqual([]);
    // What other code may write: other columns, rest without stock, a start through startingStock.
    const allowed = [
      "await tx.update(productVariants).set({ sku: 'A', priceCents: 1 });",
      'const { stock, ...others } = patch; await tx.update(productVariants).set(others);',
      'await tx.insert(productVariants).values(rows.map((r) => ({ ...r, ...startingStock(r.n) })));',
      'await tx.execute(sql`update products set option_keys = 1 where stock > 0`);',
      'const rows = await tx.select().from(productVariants).where(gt(productVariants.stock, 0));',
    ];
    expect(allowed.flatMap((text) => writesOf('x.ts', text))).toEqual([]);
  });

  it('is reached through catalog/stock/index.ts', () => {
    const index = path.join(src, OWNER, 'index.ts');
    const around = outside.flatMap(({ full, file, text }) =>
      [...text.matchAll(/from '(\.[^']+)'/g)]
        .map(([, spec]) => path.resolve(path.dirname(full), spec!))
        .filter((target) => target.startsWith(path.join(src, OWNER)) && target !== index)
        .map((target) => `${file} → ${path.relative(src, target)}`),
    );
    expect(around, 'Import catalog/stock/index.ts: it is the module’s one way in.').toEqual([]);
    expect(outside.filter((f) => f.text.includes("stock/index.ts'")).length).toBeGreaterThan(5);
  });
});
