import { expect, test } from 'vitest';
import { bankByBin, bankByCode, banks } from './banks.ts';

test('the list holds the main Vietnamese banks', () => {
  expect(banks.length).toBeGreaterThanOrEqual(25);
});

test('ids, codes, BINs and short names are unique', () => {
  for (const key of ['id', 'code', 'bin', 'shortName'] as const) {
    const values = banks.map((b) => String(b[key]).toUpperCase());
    expect(new Set(values).size, key).toBe(values.length);
  }
});

test('every BIN is six digits and every field is well formed', () => {
  for (const b of banks) {
    expect(b.bin, b.code).toMatch(/^\d{6}$/);
    expect(b.code, b.shortName).toMatch(/^[A-Za-z]{2,10}$/);
    expect(Number.isInteger(b.id) && b.id > 0, b.code).toBe(true);
    expect(b.logo).toBe(`https://cdn.vietqr.io/img/${b.code}.png`);
    expect(b.name.length, b.code).toBeGreaterThan(5);
    if (b.swiftCode !== null) expect(b.swiftCode, b.code).toMatch(/^[A-Z]{4}VN[A-Z0-9]{2}$/);
    expect(typeof b.transferSupported).toBe('boolean');
    expect(typeof b.lookupSupported).toBe('boolean');
  }
});

test.each([
  ['970436', 'VCB', 'Vietcombank', 'BFTVVNVX'],
  ['970415', 'ICB', 'VietinBank', 'ICBVVNVX'],
  ['970418', 'BIDV', 'BIDV', 'BIDVVNVX'],
  ['970405', 'VBA', 'Agribank', 'VBAAVNVX'],
  ['970407', 'TCB', 'Techcombank', 'VTCBVNVX'],
  ['970422', 'MB', 'MBBank', 'MSCBVNVX'],
  ['970416', 'ACB', 'ACB', 'ASCBVNVX'],
  ['970432', 'VPB', 'VPBank', 'VPBKVNVX'],
  ['970423', 'TPB', 'TPBank', 'TPBVVNVX'],
  ['970403', 'STB', 'Sacombank', 'SGTTVNVX'],
  ['970437', 'HDB', 'HDBank', 'HDBCVNVX'],
  ['970441', 'VIB', 'VIB', 'VNIBVNVX'],
  ['970443', 'SHB', 'SHB', 'SHBAVNVX'],
  ['970431', 'EIB', 'Eximbank', 'EBVIVNVX'],
  ['970426', 'MSB', 'MSB', 'MCOBVNVX'],
  ['970448', 'OCB', 'OCB', 'ORCOVNVX'],
  ['970440', 'SEAB', 'SeABank', 'SEAVVNVX'],
  ['970449', 'LPB', 'LPBank', 'LVBKVNVX'],
  ['970428', 'NAB', 'NamABank', 'NAMAVNVX'],
  ['970409', 'BAB', 'BacABank', 'NASCVNVX'],
])('BIN %s is %s (%s)', (bin, code, shortName, swiftCode) => {
  const found = bankByBin(bin);
  expect(found).toMatchObject({ bin, code, shortName, swiftCode });
  expect(bankByCode(code)).toBe(found);
});

test('lookups are exact on BINs, case-insensitive on codes, and miss cleanly', () => {
  expect(bankByCode('vcb')?.bin).toBe('970436');
  expect(bankByCode(' tcb ')?.bin).toBe('970407');
  expect(bankByBin(' 970436 ')?.code).toBe('VCB');
  expect(bankByBin('970499')).toBeUndefined();
  expect(bankByBin('97043')).toBeUndefined();
  expect(bankByCode('NOPE')).toBeUndefined();
  expect(bankByCode('')).toBeUndefined();
});

test('the list cannot be changed at run time', () => {
  expect(Object.isFrozen(banks)).toBe(true);
  expect(banks.every((b) => Object.isFrozen(b))).toBe(true);
});
