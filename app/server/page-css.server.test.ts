import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classesIn, pageSheet, withPageCss } from './page-css.server.ts';

const css = [
  ':root{--ink:#0f172a}',
  'body{margin:0}',
  '.card{padding:8px}',
  '.card .title,.hero h1{font-weight:700}',
  '.tab:not(.active){opacity:.6}',
  'a[href$=".pdf"]{color:red}',
  '.toast{animation:toast-life 1.8s ease forwards}',
  '@keyframes toast-life{0%{opacity:1}to{opacity:0}}',
  '@keyframes unused-spin{to{transform:rotate(1turn)}}',
  '@media (min-width:600px){.card{padding:16px}.sheet{display:grid}}',
  '@media (scripting:none){.js-only{display:none}}',
  '.splash .splash-screen{display:flex}',
].join('');

describe('the style rules a page can use (ADR 029)', () => {
  const sheet = pageSheet(css, ['splash']);

  it('answers the same rules for the same classes, whatever the markup around them (worked out once per set)', () => {
    const first = sheet('<main class="card toast"><p>one</p></main>');
    expect(sheet('<div class="toast"><section class="card">two</section></div>')).toBe(first);
    expect(sheet('<main class="card"></main>')).not.toContain('toast-life');
    expect(sheet('<main class="toast card"></main>')).toContain('@keyframes toast-life');
    // Many different sets later, an early set is worked out again and still right.
    for (let i = 0; i < 300; i++) sheet(`<p class="card c${String(i)}"></p>`);
    expect(sheet('<main class="card toast"></main>')).toBe(first);
  });

  it('keeps rules without classes, and those whose classes are all in the markup', () => {
    const out = sheet('<main class="card"><h2 class="title">x</h2><p class="tab">t</p></main>');
    expect(out).toContain(':root{--ink:#0f172a}');
    expect(out).toContain('body{margin:0}');
    expect(out).toContain('.card{padding:8px}');
    expect(out).toContain('.card .title,.hero h1{font-weight:700}');
    // A class inside :not() is not needed for the rule to apply.
    expect(out).toContain('.tab:not(.active){opacity:.6}');
    expect(out).toContain('a[href$=".pdf"]{color:red}');
    expect(out).toContain('@media (min-width:600px){.card{padding:16px}}');
    expect(out).not.toContain('.sheet');
    expect(out).not.toContain('.toast');
    expect(out).not.toContain('.js-only');
  });

  it('keeps a group only with a rule inside it, and a @keyframes only when a kept rule names it', () => {
    const out = sheet('<div class="toast js-only">hi</div>');
    expect(out).toContain('.toast{animation:toast-life 1.8s ease forwards}');
    expect(out).toContain('@keyframes toast-life{');
    expect(out).not.toContain('unused-spin');
    expect(out).toContain('@media (scripting:none){.js-only{display:none}}');
    expect(out).not.toContain('@media (min-width:600px)');
  });

  it('keeps rules for a class an inline script adds before the first paint', () => {
    expect(sheet('<div class="splash-screen"></div>')).toContain('.splash .splash-screen{display:flex}');
    expect(pageSheet(css)('<div class="splash-screen"></div>')).not.toContain('.splash .splash-screen');
  });

  it('reads every class attribute of the markup', () => {
    expect([...classesIn('<a class="a  b" href="#"><i class="c"></i></a><p data-class="x">')]).toEqual(['a', 'b', 'c']);
  });

  it('keeps the rules the app sheet needs for markup that uses all its classes, in the same order', () => {
    const appCss = readFileSync(new URL('../styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const allClasses = [...appCss.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
    const everything = pageSheet(appCss, ['splash'])(`<div class="${allClasses.join(' ')}"></div>`);
    // Same rules in the same order (so the whole sheet, loaded after, changes nothing it styled);
    // the @keyframes come after the rules that name them.
    const keyframes = /@keyframes\s+[\w-]+\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;
    const squash = (text: string) => text.replace(keyframes, '').replace(/\s+/g, '');
    const names = (text: string) => [...text.matchAll(/@keyframes\s+([\w-]+)/g)].map((m) => m[1]).sort();
    expect(squash(everything)).toBe(squash(appCss));
    expect(names(everything)).toEqual(names(appCss));
    expect(names(appCss).length).toBeGreaterThan(3);
  });
});

describe('withPageCss', () => {
  it("fills the empty page-css <style> from the whole page's markup", () => {
    const out = withPageCss(
      '<html><head><style nonce="n" id="page-css"></style></head><body><p class="lead">Xin chào</p></body></html>',
      (html) => `/*${[...classesIn(html)].join(',')}*/`,
    );
    expect(out).toBe(
      '<html><head><style nonce="n" id="page-css">/*lead*/</style></head><body><p class="lead">Xin chào</p></body></html>',
    );
  });

  it('leaves a page without the placeholder as it is', () => {
    const page = '<html><body><p class="a">Việt</p></body></html>';
    expect(withPageCss(page, () => '/*x*/')).toBe(page);
  });
});
