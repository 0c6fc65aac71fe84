// Every action the server writes to the audit log has words on the back office's screens (issue
// 33): the server's source is read for `action: '…'` (and the actions handed to
// auditedProductChange, and *_ACTION constants), and each must be in the shared words table.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_WORDS, RECORD_TYPE_WORDS } from '@duka/domain/admin/words';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(path.join(src, f), 'utf8') }));

/** 'a.b' or `a.${x}.b` literals in a piece of code, templates as patterns. */
function literals(code: string): { literal: string; template: boolean }[] {
  return [...code.matchAll(/'([a-z0-9_]+(?:\.[a-z0-9_]+)+)'|`([a-z0-9_.${}![\]]+)`/gi)].map(
    (m) => ({ literal: m[1] ?? m[2]!, template: m[2] !== undefined }),
  );
}

function written(): { literal: string; template: boolean; file: string }[] {
  const found: { literal: string; template: boolean; file: string }[] = [];
  for (const { file, text } of sources) {
    const pieces = [
      // action: 'order.status.update', action: hidden ? 'review.hide' : 'review.show'
      ...[...text.matchAll(/\baction:\s*([^\n]+)/g)].map((m) => m[1]!),
      // auditedProductChange(tx, audit, id, 'product.update', …) and its template form
      ...[...text.matchAll(/auditedProductChange\(\s*\w+,\s*\w+,\s*\w+,\s*([^,]+),/g)].map(
        (m) => m[1]!,
      ),
      // a constant: SEAL_ACTION = 'audit.chain.seal'
      ...[...text.matchAll(/_ACTION = ('[^']+')/g)].map((m) => m[1]!),
      // the variant edit's action: `product.${field}.update`
      ...[...text.matchAll(/return fields\.length === 1 \? ([^\n]+)/g)].map((m) => m[1]!),
    ];
    for (const piece of pieces) for (const l of literals(piece)) found.push({ ...l, file });
  }
  return found;
}

describe('the audit log in words', () => {
  const actions = written();

  it('finds the actions the server writes', () => {
    // A guard on the scan itself: it sees the well-known ones.
    const plain = actions.filter((a) => !a.template).map((a) => a.literal);
    expect(plain).toEqual(
      expect.arrayContaining([
        'order.status.update',
        'user.2fa.enable',
        'review.hide',
        'review.show',
        'staff.remove',
        'audit.chain.seal',
        'product.update',
        'order.shipment.update',
      ]),
    );
    expect(actions.some((a) => a.template && a.literal.startsWith('product.${'))).toBe(true);
  });

  it('has words for each of them', () => {
    const missing = actions
      .filter((a) => !a.template && !(a.literal in AUDIT_ACTION_WORDS))
      .map((a) => `${a.literal} (${a.file})`);
    expect(missing).toEqual([]);
    // `product.${field}.update`: the price, discount, stock and SKU edits.
    for (const field of ['price', 'discount', 'stock', 'sku']) {
      expect(AUDIT_ACTION_WORDS[`product.${field}.update`]).toBeDefined();
    }
  });

  it('has words for each kind of record the server audits', () => {
    const entities = new Set<string>();
    for (const { text } of sources) {
      for (const m of text.matchAll(/\bentity:\s*'([a-z_]+)'/g)) entities.add(m[1]!);
    }
    expect(entities.size).toBeGreaterThan(10);
    expect([...entities].filter((e) => !(e in RECORD_TYPE_WORDS))).toEqual([]);
  });
});
