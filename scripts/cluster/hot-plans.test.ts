import { expect, test } from 'vitest';
import { parseStatementLog } from '#scripts/cluster/hot-plans.mjs';

test('parseStatementLog reads executed statements with their parameters, and skips parse and bind lines', () => {
  const log = [
    `2026-11-27 14:07:40.101 UTC [123] LOG:  duration: 0.050 ms  parse <unnamed>: select 1`,
    `2026-11-27 14:07:40.102 UTC [123] LOG:  duration: 0.321 ms  execute <unnamed>: select "id" from "visits" where "account_id" = $1 and "note" = $2`,
    `2026-11-27 14:07:40.102 UTC [123] DETAIL:  parameters: $1 = '171', $2 = 'it''s'`,
    `2026-11-27 14:07:40.200 UTC [124] LOG:  duration: 1.5 ms  execute s1: update "x"`,
    `  set "a" = $1`,
    `2026-11-27 14:07:40.201 UTC [124] DETAIL:  parameters: $1 = NULL`,
  ].join('\n');
  expect(parseStatementLog(log)).toEqual([
    { ms: 0.321, sql: 'select "id" from "visits" where "account_id" = $1 and "note" = $2', params: ['171', "it's"] },
    { ms: 1.5, sql: 'update "x"\n  set "a" = $1', params: [null] },
  ]);
});
