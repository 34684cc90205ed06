// ADR 029: a page's HTML carries only the style rules its own markup can match; the whole sheet
// (a hashed, cached file) is loaded by entry.client.tsx before hydration, for what the browser
// renders later (client navigations, states a script adds). The rules are read once, at start-up.

/** The `<style>` the root layout leaves empty for this stream to fill. */
export const PAGE_CSS_ID = 'page-css';

type Rule =
  | { kind: 'style'; text: string; selectorClasses: string[][] }
  | { kind: 'group'; prelude: string; rules: Rule[] }
  | { kind: 'keyframes'; name: string; text: string }
  | { kind: 'always'; text: string };

/** Splits CSS text into its top-level items: `prelude{body}` blocks and `@…;` statements. */
function splitTopLevel(css: string): { prelude: string; body: string | null }[] {
  const items: { prelude: string; body: string | null }[] = [];
  let start = 0;
  let depth = 0;
  let bodyStart = -1;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '{') {
      if (depth++ === 0) bodyStart = i;
    } else if (c === '}') {
      if (--depth === 0) {
        items.push({ prelude: css.slice(start, bodyStart).trim(), body: css.slice(bodyStart + 1, i) });
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      items.push({ prelude: css.slice(start, i).trim(), body: null });
      start = i + 1;
    }
  }
  return items.filter((item) => item.prelude || item.body);
}

/** Splits a selector list at its top-level commas (not those inside `:is(…)`, `[…]` or strings). */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/**
 * The classes an element must have somewhere in the page for the selector to match anything: those
 * outside parentheses and brackets (a class inside `:not(…)` or `:is(…)` is not required).
 */
function requiredClasses(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (const c of selector) {
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) outside += c;
  }
  return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
}

function parseRules(css: string): Rule[] {
  return splitTopLevel(css).map(({ prelude, body }): Rule => {
    if (body === null) return { kind: 'always', text: `${prelude};` };
    const text = `${prelude}{${body}}`;
    const at = /^@([\w-]+)\s*(.*)$/s.exec(prelude);
    if (!at) return { kind: 'style', text, selectorClasses: splitSelectors(prelude).map(requiredClasses) };
    const name = at[1].toLowerCase();
    if (name === 'keyframes' || name.endsWith('-keyframes')) return { kind: 'keyframes', name: at[2].trim(), text };
    if (['media', 'supports', 'layer', 'container', 'scope'].includes(name))
      return { kind: 'group', prelude, rules: parseRules(body) };
    return { kind: 'always', text }; // @font-face, @property, @page…
  });
}

function keptText(rules: Rule[], has: (cls: string) => boolean): string {
  let out = '';
  for (const rule of rules) {
    if (rule.kind === 'always') out += rule.text;
    else if (rule.kind === 'style') {
      if (rule.selectorClasses.some((classes) => classes.every(has))) out += rule.text;
    } else if (rule.kind === 'group') {
      const inner = keptText(rule.rules, has);
      if (inner) out += `${rule.prelude}{${inner}}`;
    }
  }
  return out;
}

function keyframesOf(rules: Rule[]): Extract<Rule, { kind: 'keyframes' }>[] {
  return rules.flatMap((rule) =>
    rule.kind === 'keyframes' ? [rule] : rule.kind === 'group' ? keyframesOf(rule.rules) : [],
  );
}

/** The classes used by the markup: every `class="…"` attribute. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of m[1].split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/**
 * A sheet that answers, for some HTML, the part of itself that can apply to it.
 * @param css the whole stylesheet
 * @param scriptClasses classes an inline script may add before the first paint (they are in no markup)
 */
export function pageSheet(css: string, scriptClasses: readonly string[] = []) {
  const rules = parseRules(css);
  const keyframes = keyframesOf(rules).map((k) => ({ ...k, named: new RegExp(`(^|[\\s:,])${k.name}([\\s;,}]|$)`) }));
  // A route's pages use the same few sets of classes: each set's rules are worked out once
  // (a bounded cache; the oldest set goes first).
  const bySet = new Map<string, string>();
  return (html: string): string => {
    const classes = classesIn(html);
    const key = [...classes].sort().join(' ');
    const cached = bySet.get(key);
    if (cached !== undefined) return cached;
    const has = (cls: string) => classes.has(cls) || scriptClasses.includes(cls);
    const kept = keptText(rules, has);
    // An animation's @keyframes goes with the rules that name it.
    const sheet =
      kept +
      keyframes
        .filter((k) => k.named.test(kept))
        .map((k) => k.text)
        .join('');
    if (bySet.size >= MAX_CACHED_SETS) bySet.delete(bySet.keys().next().value as string);
    bySet.set(key, sheet);
    return sheet;
  };
}

const MAX_CACHED_SETS = 256;

const PLACEHOLDER = new RegExp(`(<style[^>]* id="${PAGE_CSS_ID}"[^>]*>)(</style>)`);

/**
 * The page with its rules in the empty `<style id="page-css">`, from every class its markup uses
 * (the page is rendered whole before it is sent, ADR 058).
 */
export function withPageCss(html: string, sheetFor: (html: string) => string): string {
  return html.replace(PLACEHOLDER, (_m, open: string, close: string) => open + sheetFor(html) + close);
}
