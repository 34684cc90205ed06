import { expect, test } from 'vitest';
import { staffActionNames } from '#api/staff.ts';
import { staffAudit as en } from '#app/locales/en/staffAudit.ts';
import { staffAudit as vi } from '#app/locales/vi/staffAudit.ts';

// The audit log names every action staff can take (ADR 049): a new action needs its label in both languages.
test('every audited staff action has a Vietnamese and an English label', () => {
  const key = (name: string) => name.replace('.', '_');
  const missing = staffActionNames.flatMap((name) => [
    ...((vi.staffAudit.action as Record<string, string>)[key(name)] ? [] : [`vi ${name}`]),
    ...((en.staffAudit.action as Record<string, string>)[key(name)] ? [] : [`en ${name}`]),
  ]);
  expect(missing).toEqual([]);
});
