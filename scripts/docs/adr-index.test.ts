import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { INDEX_FILE, readDecisions, renderIndex } from '#scripts/docs/adr-index.mjs';

test('docs/decisions/README.md lists every ADR, as node scripts/docs/adr-index.mjs writes it', () => {
  const decisions = readDecisions();
  const index = readFileSync(INDEX_FILE, 'utf8');
  for (const d of decisions) expect(index, `ADR ${d.file} is missing from the index`).toContain(`](${d.file})`);
  expect(index).toBe(renderIndex(decisions));
});

test('an ADR is read from its first line, and one whose heading does not carry its number is refused', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'adr-index-'));
  writeFileSync(path.join(dir, '002-b.md'), '# 002 — Second | piped\n\nStatus: accepted\n');
  writeFileSync(path.join(dir, '001-a.md'), '# 001 · First\n');
  writeFileSync(path.join(dir, 'README.md'), 'not an ADR');
  const decisions = readDecisions(dir);
  expect(decisions).toEqual([
    { number: '001', title: 'First', file: '001-a.md' },
    { number: '002', title: 'Second | piped', file: '002-b.md' },
  ]);
  expect(renderIndex(decisions)).toContain('| 002 | [Second \\| piped](002-b.md) |');
  writeFileSync(path.join(dir, '003-c.md'), '# Third\n');
  expect(() => readDecisions(dir)).toThrow(/003-c\.md: its first line must be/);
});
