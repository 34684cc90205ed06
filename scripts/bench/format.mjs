// Number formatting and Markdown tables for the bench report.

/** Bytes per KB: decimal, as the budget (130 KB gz) and ADR 004 count; stricter than KiB. */
export const KB = 1000;

/** Bytes as KB with one decimal. */
export const kb = (/** @type {number} */ bytes) => (bytes / KB).toFixed(1);

/** Milliseconds as seconds with two decimals, "1.34 s". */
export const seconds = (/** @type {number | null} */ value) =>
  value === null ? 'n/a' : `${(value / 1000).toFixed(2)} s`;

/** Milliseconds rounded, "120 ms". */
export const ms = (/** @type {number | null} */ value) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

/**
 * A Markdown table padded so it also reads well as plain text.
 * @param {string[]} head
 * @param {string[][]} rows
 * @param {('left' | 'right')[]} [align]
 */
export function mdTable(head, rows, align = []) {
  const widths = head.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text, i) => (align[i] === 'right' ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (cells) => `| ${cells.map((c, i) => cell(c ?? '', i)).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (align[i] === 'right' ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`)).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}
