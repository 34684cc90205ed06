import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatDateTime } from '#api/format.ts';
import { eContractSchema } from '#api/pt.ts';
import { clubs, contracts, payments, ptEContracts, ptPackages } from '#gateway/db/schema/index.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers, trainerToken } from '#tests/support/pt.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { documentText, sha256Hex } from './e-contract-template.ts';

// Issue 13 §2 (ADR 047): a paid PT package comes with an e-contract; the member signs the text
// they were shown with a finger (or their typed name) and an SMS code; the PDF is sealed and any
// change to it is caught.
let gw: TestGateway;
let clubId: number;
let packageId: number;
let trainer: { id: number; phone: string };
beforeAll(async () => {
  gw = await startTestGateway();
  [{ id: clubId }] = await gw.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .orderBy(clubs.id)
    .limit(1);
  [{ id: packageId }] = await gw.db
    .select({ id: ptPackages.id })
    .from(ptPackages)
    .where(and(eq(ptPackages.clubId, clubId), eq(ptPackages.sessions, 10)));
  [trainer] = await clubTrainers(gw, clubId);
});
afterAll(() => gw.close());

async function paidPackage(lang: 'vi' | 'en' = 'vi', fullName: string | null = 'Nguyễn Thị Hồng Nhung') {
  const m = await gw.signUp(undefined, { lang });
  if (fullName !== null) await gw.call('PUT', '/api/v1/auth/profile', { token: m.token, json: { fullName } });
  const plan = (await plansOf(gw, clubId))[1];
  const bought = await buyAndPay(gw, m.token, plan.id);
  const [{ accountId }] = await gw.db
    .select({ accountId: contracts.accountId })
    .from(contracts)
    .where(eq(contracts.id, bought.contract.contractId));
  const made = await gw.call(
    'POST',
    `/api/v1/member/pt-package/${String(packageId)}/pt/${String(trainer.id)}/register`,
    { token: m.token },
  );
  const ptContractId = made.body.data.ptContractId as number;
  await gw.call('PUT', `/api/v1/staff/pt-contract/${String(ptContractId)}/accept`, {
    token: await trainerToken(gw, trainer),
  });
  const paying = await gw.call('POST', `/api/v1/member/pt-contract/${String(ptContractId)}/transaction/pay`, {
    token: m.token,
    json: { paymentMethodGroupId: 1 },
  });
  const [payment] = await gw.db
    .select()
    .from(payments)
    .where(eq(payments.id, paying.body.data.payment.id as number));
  await settlePayment(gw, {
    paymentId: payment.id,
    amount: payment.amount,
    providerTransactionId: 'FT-E1',
    paidAt: gw.clock.now(),
  });
  const list = await gw.call('GET', '/api/v1/member/pt-e-contracts', { token: m.token });
  return { ...m, accountId, ptContractId, eContract: eContractSchema.parse(list.body.data[0]) };
}

/** A finger's stroke on a 600×240 pad, as the page sends it. */
const drawnSignature = async () =>
  (
    await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="600" height="240" fill="white"/><path d="M40 180 C 120 20, 200 220, 280 90 S 420 40, 560 160" stroke="#0f172a" stroke-width="6" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer()
  ).toString('base64');

async function verify(pdf: Buffer) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(pdf)], 'contract.pdf', { type: 'application/pdf' }));
  const res = await gw.app.request('/api/v1/global/e-contract/verify', { method: 'POST', body: form });
  return ((await res.json()) as { data: { valid: boolean; sealValid: boolean; reason: string | null } }).data;
}

describe('PT e-contract (issue 13 §2, ADR 047)', () => {
  test('paid → an unsigned contract whose text names the parties, package, dates and price; its SHA-256 is of that text', async () => {
    const m = await paidPackage();
    const c = m.eContract;
    expect(c.status).toBe('UNSIGNED');
    const text = documentText({ title: c.title, sections: c.sections });
    expect(c.documentSha256).toBe(sha256Hex(text));
    expect(text).toContain('HỢP ĐỒNG DỊCH VỤ HUẤN LUYỆN CÁ NHÂN (PT)');
    expect(text).toContain('Nguyễn Thị Hồng Nhung');
    expect(text).toContain(m.phone);
    expect(text).toContain('10 buổi tập 1 kèm 1');
    expect(text).toContain('không có bất kỳ khoản phí hay chi phí nào khác');
    expect(text).toContain('Nghị định 13/2023/NĐ-CP');
    const en = await paidPackage('en');
    expect(en.eContract.title).toMatch(/^PERSONAL TRAINING \(PT\) SERVICE CONTRACT No\. PT-\d{6}$/);
  });

  test('sign with a drawn mark and the SMS code (1053): a sealed PDF with the text, the mark and the audit page; tampering is caught', async () => {
    const m = await paidPackage();
    const id = m.eContract.eContractId;
    const signature = await drawnSignature();
    const body = {
      documentSha256: m.eContract.documentSha256,
      fullName: 'Nguyễn Thị Hồng Nhung',
      signaturePng: signature,
    };
    // No code yet, a wrong code, another document: refused, nothing signed.
    expect(
      (
        await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
          token: m.token,
          json: { ...body, otp: '0000' },
        })
      ).status,
    ).toBeGreaterThanOrEqual(400);
    const sent = await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/otp`, { token: m.token });
    expect(sent.body.code).toBe(1001);
    const otp = await gw.latestOtp(m.phone);
    expect(
      (
        await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
          token: m.token,
          json: { ...body, otp, documentSha256: 'a'.repeat(64) },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
          token: m.token,
          json: { ...body, otp, signaturePng: 'bm90IGFuIGltYWdl' },
        })
      ).status,
    ).toBe(400);
    const signed = await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
      token: m.token,
      json: { ...body, otp },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Test' },
    });
    expect([signed.status, signed.body.code]).toEqual([200, 1053]);
    expect(signed.body.data).toMatchObject({ status: 'SIGNED', signerName: 'Nguyễn Thị Hồng Nhung' });
    // Signing again answers the signed contract and changes nothing.
    const [row] = await gw.db.select().from(ptEContracts).where(eq(ptEContracts.id, id));
    expect(row).toMatchObject({
      signatureKind: 'drawn',
      signerPhone: m.phone,
      signerUserAgent: 'Mozilla/5.0 (Linux; Android 13) Test',
    });
    expect(row.signatureImage?.subarray(1, 4).toString()).toBe('PNG');

    const res = await gw.app.request(`/api/v1/member/pt-e-contract/${String(id)}/pdf`, {
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(sha256Hex(pdf)).toBe(row.pdfSha256);
    if (process.env.E_CONTRACT_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.E_CONTRACT_PDF_OUT, pdf);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(doc.getSubject()).toBe(`SHA-256 ${m.eContract.documentSha256}`);
    expect(pdf.includes(Buffer.from('/SubFilter /ETSI.CAdES.detached'))).toBe(true);
    expect(await verify(pdf)).toMatchObject({ valid: true, sealValid: true, reason: null });
    // One byte changed inside the signed range, or anything appended: caught.
    const changed = Buffer.from(pdf);
    changed[200] ^= 0x01;
    expect(await verify(changed)).toMatchObject({ valid: false, sealValid: false });
    expect(await verify(Buffer.concat([pdf, Buffer.from('\n% later edit\n')]))).toMatchObject({
      valid: false,
      reason: 'NOT_WHOLE_FILE',
    });
    // Another member cannot read it; the owner only.
    const other = await gw.signUp();
    expect(
      (
        await gw.app.request(`/api/v1/member/pt-e-contract/${String(id)}/pdf`, {
          headers: { authorization: `Bearer ${other.token}` },
        })
      ).status,
    ).toBe(404);
    expect((await gw.call('GET', `/api/v1/member/pt-e-contract/${String(id)}`, { token: other.token })).status).toBe(
      404,
    );
  });

  test('without a drawing the typed full name is the mark', async () => {
    const m = await paidPackage();
    const id = m.eContract.eContractId;
    await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/otp`, { token: m.token });
    const otp = await gw.latestOtp(m.phone);
    const signed = await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
      token: m.token,
      json: { documentSha256: m.eContract.documentSha256, otp, fullName: 'Nguyễn Thị Hồng Nhung' },
    });
    expect(signed.body.code).toBe(1053);
    const [row] = await gw.db.select().from(ptEContracts).where(eq(ptEContracts.id, id));
    expect([row.signatureKind, row.signatureImage]).toEqual(['typed', null]);
    expect(await verify(row.pdf!)).toMatchObject({ valid: true });
  });

  test('the parties by name (issue 38 §6): Party A is the operating company with its address and tax code; no name on the profile, no signing until it is given', async () => {
    const m = await paidPackage('vi', null);
    const id = m.eContract.eContractId;
    const parties = () => m.eContract.sections[0].paragraphs.join('\n');
    expect(m.eContract.needsFullName).toBe(true);
    expect(parties()).toContain('Bên sử dụng dịch vụ (Bên B): Hội viên');
    expect(parties()).toContain(
      'Bên cung cấp dịch vụ (Bên A): Công ty Cổ phần Thể hình VietFit (thương hiệu VietFit), trụ sở: Tầng 5, 72 Lê Thánh Tôn',
    );
    expect(parties()).toContain('mã số thuế: 0319990001');
    // Signing a contract that names nobody is refused, whatever name is typed.
    await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/otp`, { token: m.token });
    const refused = await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
      token: m.token,
      json: {
        documentSha256: m.eContract.documentSha256,
        otp: await gw.latestOtp(m.phone),
        fullName: 'Nguyễn Thị Thu Hương',
      },
    });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      'E_CONTRACT_NAME_MISSING',
      'Vui lòng nhập họ và tên của bạn để hợp đồng ghi đúng tên người ký.',
    ]);
    expect((await gw.db.select().from(ptEContracts).where(eq(ptEContracts.id, id)))[0].status).toBe('UNSIGNED');
    // Once the profile has the name, the unsigned contract names the member; the old text can no longer be signed (409).
    await gw.call('PUT', '/api/v1/auth/profile', { token: m.token, json: { fullName: 'Nguyễn Thị Thu Hương' } });
    const named = eContractSchema.parse(
      (await gw.call('GET', `/api/v1/member/pt-e-contract/${String(id)}`, { token: m.token })).body.data,
    );
    expect(named.needsFullName).toBe(false);
    expect(named.sections[0].paragraphs[1]).toBe(
      `Bên sử dụng dịch vụ (Bên B): Nguyễn Thị Thu Hương, số điện thoại ${m.phone}.`,
    );
    expect(named.documentSha256).toBe(sha256Hex(documentText(named)));
    expect(named.documentSha256).not.toBe(m.eContract.documentSha256);
    await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/otp`, { token: m.token });
    const otp = await gw.latestOtp(m.phone);
    const stale = await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
      token: m.token,
      json: { documentSha256: m.eContract.documentSha256, otp, fullName: 'Nguyễn Thị Thu Hương' },
    });
    expect(stale.status).toBe(409);
    const signed = await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
      token: m.token,
      json: { documentSha256: named.documentSha256, otp, fullName: 'Nguyễn Thị Thu Hương' },
    });
    expect(signed.body.code).toBe(1053);
    // Signed, it no longer changes with the profile.
    await gw.call('PUT', '/api/v1/auth/profile', { token: m.token, json: { fullName: 'Trần Thu Hương' } });
    const kept = eContractSchema.parse(
      (await gw.call('GET', `/api/v1/member/pt-e-contract/${String(id)}`, { token: m.token })).body.data,
    );
    expect(kept.documentSha256).toBe(named.documentSha256);
  });

  test("in the member's language (issue 38 §20): switched to English before signing, the contract is English, screen and PDF; times in the PDF are dd/MM/yyyy HH:mm Vietnam time", async () => {
    const m = await paidPackage('vi');
    const id = m.eContract.eContractId;
    expect(m.eContract.lang).toBe('vi');
    await gw.call('PUT', '/api/v1/account/setting/update', { token: m.token, json: { lang: 'en' } });
    const en = eContractSchema.parse(
      (await gw.call('GET', '/api/v1/member/pt-e-contracts', { token: m.token })).body.data[0],
    );
    expect(en.lang).toBe('en');
    expect(en.title).toMatch(/^PERSONAL TRAINING \(PT\) SERVICE CONTRACT No\. PT-\d{6}$/);
    expect(en.sections[0].paragraphs[0]).toContain(
      'Provider (Party A): VietFit Fitness Joint Stock Company (trading as VietFit), registered office: 5th floor, 72 Le Thanh Ton',
    );
    expect(en.sections[0].paragraphs[1]).toBe(`Member (Party B): Nguyễn Thị Hồng Nhung, phone number ${m.phone}.`);
    // Booking as the gateway applies it (165, 166): one at a time, at most one a day.
    expect(en.sections.find((s) => s.heading.startsWith('Article 4'))?.paragraphs[0]).toContain(
      'one booking at a time',
    );
    await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/otp`, { token: m.token });
    const signed = await gw.call('POST', `/api/v1/member/pt-e-contract/${String(id)}/sign`, {
      token: m.token,
      json: { documentSha256: en.documentSha256, otp: await gw.latestOtp(m.phone), fullName: 'Nguyễn Thị Hồng Nhung' },
    });
    expect(signed.body.code).toBe(1053);
    const [row] = await gw.db.select().from(ptEContracts).where(eq(ptEContracts.id, id));
    const { execFileSync } = await import('node:child_process');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: row.pdf! }).toString();
    expect(text).toContain('PERSONAL TRAINING (PT) SERVICE CONTRACT');
    expect(text).toContain('VietFit Fitness Joint Stock Company');
    expect(text).toContain(`${formatDateTime(row.signedAt!)} (Vietnam time, UTC+07:00)`);
    expect(formatDateTime(row.signedAt!)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });
});
