import { expect, test } from 'vitest';
import { cycles, graph, mutualPairs } from './module-graph.mjs';

type Edges = Map<string, Map<string, string[]>>;
const edges = (pairs: [string, string][]): Edges => {
  const out: Edges = new Map();
  for (const [a, b] of pairs) {
    if (!out.has(b)) out.set(b, new Map());
    out.set(a, (out.get(a) ?? new Map()).set(b, [`${a}/x.ts`]));
  }
  return out;
};

test('a circle of any length between folders is found, a one-way chain is not', () => {
  expect(
    cycles(
      edges([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ),
  ).toEqual([]);
  expect(
    cycles(
      edges([
        ['a', 'b'],
        ['b', 'a'],
      ]),
    ),
  ).toEqual([['a', 'b']]);
  // The 7-file circle of issue 40 went round three folders.
  expect(
    cycles(
      edges([
        ['pt', 'contracts'],
        ['contracts', 'payments'],
        ['payments', 'pt'],
        ['payments', 'notifications'],
      ]),
    ),
  ).toEqual([['contracts', 'payments', 'pt']]);
  expect(
    mutualPairs(
      edges([
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'c'],
      ]),
    ),
  ).toEqual([['a', 'b']]);
});

test('no two folders of gateway/modules import each other, directly or round a circle (ADR 073)', () => {
  const gateway: Edges = graph('gateway/modules', '#gateway/modules/');
  // The graph is read from the imports: payments is used by the kinds it settles, never the other way.
  expect(gateway.get('memberships')?.has('payments')).toBe(true);
  expect(gateway.get('payments')?.has('memberships')).toBe(false);
  expect(cycles(gateway)).toEqual([]);
});

test('no two folders of app/ import each other either (ADR 077): the main layout composes the domains, shell and server are below them', () => {
  const app: Edges = graph('app', '#app/');
  expect(app.get('frame')?.has('ratings')).toBe(true);
  expect(app.get('shell')?.has('ratings')).toBe(false);
  expect(app.get('server')?.has('shell')).toBe(false);
  expect(cycles(app)).toEqual([]);
});
