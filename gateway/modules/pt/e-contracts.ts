import { and, desc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { Codes } from '#api/codes.ts';
import { formatDateTime, smsVnd } from '#api/format.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  accounts,
  appSettings,
  clubs,
  eSealKeys,
  paymentMethodGroups,
  payments,
  ptContracts,
  ptEContracts,
  ptPackages,
} from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { consumeOtp, sendOtp } from '#gateway/modules/auth/otp.ts';
import {
  makeSelfSignedSealKey,
  sealFingerprint,
  sealPdf,
  verifySealedPdf,
  type SealKey,
} from '#gateway/providers/e-seal/seal.ts';
import { renderEContractPdf, type SignatureMark } from './e-contract-pdf.ts';
import {
  E_CONTRACT_TEMPLATE_VERSION,
  documentText,
  renderEContract,
  sha256Hex,
  type EContractDocument,
} from './e-contract-template.ts';
import { bothTexts } from '#gateway/modules/notifications/texts.ts';

// The PT e-contract (issue 13 §2, ADR 047): made when the package is paid, read on /preview,
// signed on the phone with a finger (or the typed full name) and an OTP to the member's phone
// (1053), kept as a PDF sealed with the chain's certificate, checked by anyone through verify.

type EContractRow = typeof ptEContracts.$inferSelect;
const eContractNotFound = () => new ApiError(404, Codes.NOT_FOUND);

/** app_settings keys of the company that operates the clubs: Party A of the contract (issue 38 §6). */
export const OPERATOR_SETTINGS = {
  name: 'operator_legal_name',
  address: 'operator_address',
  taxCode: 'operator_tax_code',
} as const;

/**
 * The contract's text from the template and today's facts: the PT contract as paid, its settled
 * payment, the member's name and language, the operator's legal details. Null before it is paid.
 */
async function renderFor(db: Executor, ptContractId: number) {
  const [facts] = await db
    .select({
      contract: ptContracts,
      member: accounts,
      club: clubs,
      packageNameVi: ptPackages.nameVi,
      packageNameEn: ptPackages.nameEn,
    })
    .from(ptContracts)
    .innerJoin(accounts, eq(accounts.id, ptContracts.accountId))
    .innerJoin(clubs, eq(clubs.id, ptContracts.clubId))
    .innerJoin(ptPackages, eq(ptPackages.id, ptContracts.ptPackageId))
    .where(eq(ptContracts.id, ptContractId));
  const contract = facts.contract;
  const [[trainer], [payment], settings] = await Promise.all([
    db.select({ fullName: accounts.fullName }).from(accounts).where(eq(accounts.id, contract.trainerAccountId)),
    db
      .select({
        provider: payments.provider,
        reference: payments.reference,
        providerTransactionId: payments.providerTransactionId,
        nameVi: paymentMethodGroups.nameVi,
        nameEn: paymentMethodGroups.nameEn,
      })
      .from(payments)
      .leftJoin(paymentMethodGroups, eq(paymentMethodGroups.id, payments.method))
      .where(and(eq(payments.ptContractId, ptContractId), eq(payments.status, 'SUCCESS')))
      .orderBy(desc(payments.id))
      .limit(1),
    db
      .select()
      .from(appSettings)
      .where(inArray(appSettings.key, Object.values(OPERATOR_SETTINGS))),
  ]);
  if (!payment || !contract.paidAt || !contract.startDate || !contract.endDate) return null;
  const lang = facts.member.lang;
  const setting = (key: string) => {
    const row = settings.find((r) => r.key === key);
    return ((lang === 'en' ? row?.valueEn : row?.valueVi) ?? '').trim();
  };
  const doc = renderEContract(
    {
      number: `PT-${String(contract.id).padStart(6, '0')}`,
      chain: 'VietFit',
      operatorName: setting(OPERATOR_SETTINGS.name),
      operatorAddress: setting(OPERATOR_SETTINGS.address),
      operatorTaxCode: setting(OPERATOR_SETTINGS.taxCode),
      clubName: lang === 'en' ? facts.club.nameEn : facts.club.nameVi,
      clubAddress: `${facts.club.address}, ${facts.club.districtName}`,
      hotline: facts.club.hotline,
      memberName: facts.member.fullName.trim() || (lang === 'en' ? 'Member' : 'Hội viên'),
      memberPhone: facts.member.phoneNumber,
      trainerName: trainer.fullName,
      packageName: lang === 'en' ? facts.packageNameEn : facts.packageNameVi,
      sessions: contract.sessions,
      validityDays: contract.validityDays,
      startDate: contract.startDate,
      endDate: contract.endDate,
      price: contract.price,
      paidAt: contract.paidAt,
      methodName: (lang === 'en' ? payment.nameEn : payment.nameVi) ?? '—',
      transactionId:
        (payment.provider === 'vnpay' ? payment.providerTransactionId : payment.reference) ?? payment.reference,
    },
    lang,
  );
  return {
    lang,
    doc,
    documentText: JSON.stringify(doc),
    documentSha256: sha256Hex(documentText(doc)),
    operatorName: setting(OPERATOR_SETTINGS.name) || 'VietFit',
  };
}

/** Called by settlePtContractIn in the paying transaction (the payment and the contract already settled): the document from the template and the facts as paid. */
export async function createEContractIn(tx: Executor, contract: typeof ptContracts.$inferSelect) {
  const made = await renderFor(tx, contract.id);
  if (!made) throw new Error(`PT contract ${String(contract.id)} is not settled: no e-contract to make`);
  await tx
    .insert(ptEContracts)
    .values({
      ptContractId: contract.id,
      accountId: contract.accountId,
      templateVersion: E_CONTRACT_TEMPLATE_VERSION,
      lang: made.lang,
      document: made.documentText,
      documentSha256: made.documentSha256,
      status: 'UNSIGNED',
    })
    .onConflictDoNothing();
}

/**
 * Until it is signed, the document follows what it is made of (issue 38 §6, §20): the member's
 * name once given, the language they now use, the operator's details and the template. What the
 * member reads is always today's text; what they sign is the text whose SHA-256 they were shown.
 */
async function refreshUnsigned(db: Executor, accountId: number) {
  const unsigned = await db
    .select()
    .from(ptEContracts)
    .where(and(eq(ptEContracts.accountId, accountId), eq(ptEContracts.status, 'UNSIGNED')));
  for (const row of unsigned) {
    const made = await renderFor(db, row.ptContractId);
    if (
      !made ||
      (made.documentSha256 === row.documentSha256 &&
        made.lang === row.lang &&
        row.templateVersion === E_CONTRACT_TEMPLATE_VERSION)
    )
      continue;
    await db
      .update(ptEContracts)
      .set({
        templateVersion: E_CONTRACT_TEMPLATE_VERSION,
        lang: made.lang,
        document: made.documentText,
        documentSha256: made.documentSha256,
      })
      .where(and(eq(ptEContracts.id, row.id), eq(ptEContracts.status, 'UNSIGNED')));
  }
}

const toView = (row: EContractRow, packageName: { vi: string; en: string }, memberName: string) => {
  const doc = JSON.parse(row.document) as EContractDocument;
  return {
    eContractId: row.id,
    ptContractId: row.ptContractId,
    status: row.status,
    templateVersion: row.templateVersion,
    lang: row.lang,
    packageNameVi: packageName.vi,
    packageNameEn: packageName.en,
    title: doc.title,
    sections: doc.sections,
    documentSha256: row.documentSha256,
    createdAt: row.createdAt.toISOString(),
    signedAt: row.signedAt?.toISOString() ?? null,
    signerName: row.signerName,
    pdfSha256: row.pdfSha256,
    /** The profile has no full name yet: the member gives it before signing, so the contract names them (issue 38 §6). */
    needsFullName: row.status === 'UNSIGNED' && memberName.trim() === '',
  };
};
export type EContractView = ReturnType<typeof toView>;

const select = (db: Executor) =>
  db
    .select({ row: ptEContracts, vi: ptPackages.nameVi, en: ptPackages.nameEn, memberName: accounts.fullName })
    .from(ptEContracts)
    .innerJoin(ptContracts, eq(ptContracts.id, ptEContracts.ptContractId))
    .innerJoin(ptPackages, eq(ptPackages.id, ptContracts.ptPackageId))
    .innerJoin(accounts, eq(accounts.id, ptEContracts.accountId));

/** GET /member/pt-e-contracts: the caller's, newest first. */
export async function listEContracts(db: Executor, accountId: number) {
  await refreshUnsigned(db, accountId);
  const rows = await select(db).where(eq(ptEContracts.accountId, accountId)).orderBy(desc(ptEContracts.id));
  return rows.map((r) => toView(r.row, r, r.memberName));
}

/** GET /member/pt-e-contract/{id}: the document exactly as it will be signed. 404 for anyone else's. */
export async function eContractDetail(db: Executor, accountId: number, id: number) {
  await refreshUnsigned(db, accountId);
  const [r] = await select(db).where(and(eq(ptEContracts.id, id), eq(ptEContracts.accountId, accountId)));
  if (!r) throw eContractNotFound();
  return toView(r.row, r, r.memberName);
}

async function ownUnsigned(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(ptEContracts)
    .where(and(eq(ptEContracts.id, id), eq(ptEContracts.accountId, accountId)));
  if (!row) throw eContractNotFound();
  return row;
}

/** POST /member/pt-e-contract/{id}/otp → 1001: the signing code to the member's own phone (the OTP rules and limits). */
export async function sendSigningCode(deps: Deps, accountId: number, id: number, clientIp: string) {
  const row = await ownUnsigned(deps.db, accountId, id);
  if (row.status === 'SIGNED') throw new ApiError(409, Codes.VALIDATION);
  const [member] = await deps.db.select().from(accounts).where(eq(accounts.id, accountId));
  const [pt] = await deps.db
    .select({ id: ptContracts.id, price: ptContracts.price, vi: ptPackages.nameVi, en: ptPackages.nameEn })
    .from(ptContracts)
    .innerJoin(ptPackages, eq(ptPackages.id, ptContracts.ptPackageId))
    .where(eq(ptContracts.id, row.ptContractId));
  // The code names the contract it signs and its amount (issue 38 §13).
  const approves = bothTexts('pt.signApproval', {
    id: pt.id,
    package: { vi: pt.vi, en: pt.en },
    amount: { vi: smsVnd(pt.price, 'vi'), en: smsVnd(pt.price, 'en') },
  });
  const sent = await sendOtp(deps, {
    phone: member.phoneNumber,
    purpose: 'e_contract_sign',
    accountId,
    clientIp,
    lang: member.lang,
    approves,
  });
  await deps.db.update(ptEContracts).set({ otpSentAt: deps.clock.now() }).where(eq(ptEContracts.id, id));
  return sent;
}

/** Decodes and re-encodes a drawn signature (an upload like any other): a PNG of sane size, flattened on white. */
async function cleanSignature(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  try {
    const image = sharp(bytes, { limitInputPixels: 4_000_000 });
    const meta = await image.metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height || meta.width < 50 || meta.height < 20) return null;
    // A blank pad is not a signature: some ink must differ from the background.
    const { channels } = await sharp(bytes).flatten({ background: '#ffffff' }).greyscale().stats();
    if (channels[0].min > 200) return null;
    return await sharp(bytes)
      .resize({ width: 900, height: 360, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The chain's seal key: configured (production) or made once by the sandbox and kept. */
export async function resolveSealKey(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
): Promise<SealKey & { fingerprint: string }> {
  const { config, db } = deps;
  if (config.E_SEAL_P12_BASE64 && config.E_SEAL_PASSPHRASE !== undefined) {
    const key = { p12: Buffer.from(config.E_SEAL_P12_BASE64, 'base64'), passphrase: config.E_SEAL_PASSPHRASE };
    return { ...key, fingerprint: sealFingerprint(key) };
  }
  const [stored] = await db.select().from(eSealKeys).where(eq(eSealKeys.id, 1));
  if (stored) return { p12: stored.p12, passphrase: stored.passphrase, fingerprint: stored.fingerprint };
  const made = await makeSelfSignedSealKey(
    'VietFit (sandbox)',
    sha256Hex(`${String(Date.now())}${String(Math.random())}`).slice(0, 24),
    deps.clock.now(),
  );
  const fingerprint = sealFingerprint(made);
  // Two processes at once: the first insert wins and both use it.
  await db
    .insert(eSealKeys)
    .values({ id: 1, p12: made.p12, passphrase: made.passphrase, fingerprint })
    .onConflictDoNothing();
  const [kept] = await db.select().from(eSealKeys).where(eq(eSealKeys.id, 1));
  return { p12: kept.p12, passphrase: kept.passphrase, fingerprint: kept.fingerprint };
}

/**
 * Made ready in the background when a gateway starts: the sandbox's seal key (made once and kept)
 * and the PDF code's first run (font parsing and subsetting, about a second on a busy machine),
 * so the first member to sign does not wait for them.
 */
export async function prepareSealing(deps: Pick<Deps, 'db' | 'config' | 'clock'>) {
  await resolveSealKey(deps);
  await renderEContractPdf({
    doc: { title: 'HỢP ĐỒNG', sections: [{ heading: 'Điều 1', paragraphs: ['Chuẩn bị niêm phong.'] }] },
    lang: 'vi',
    documentSha256: '0'.repeat(64),
    signature: { kind: 'typed', name: 'VietFit' },
    signedAtText: '',
    audit: [],
  });
}

export type SignInput = {
  documentSha256: string;
  otp: string;
  fullName: string;
  signaturePng?: string | null;
  clientIp: string;
  userAgent: string;
};

/**
 * POST /member/pt-e-contract/{id}/sign → 1053. The member signs the document whose SHA-256 they
 * were shown (409 if it is not this one), with the code sent to their phone, and a drawn mark or
 * their typed full name. The PDF is made and sealed, then stored with everything signing kept, in
 * one transaction that re-checks the contract is still unsigned (a double tap signs once).
 */
export async function signEContract(deps: Deps, accountId: number, id: number, input: SignInput) {
  await refreshUnsigned(deps.db, accountId);
  const row = await ownUnsigned(deps.db, accountId, id);
  if (row.status === 'SIGNED') return eContractDetail(deps.db, accountId, id);
  if (input.documentSha256 !== row.documentSha256)
    throw new ApiError(409, Codes.VALIDATION, { fieldErrors: { documentSha256: ['changed'] } });
  const png = input.signaturePng ? await cleanSignature(input.signaturePng) : null;
  if (input.signaturePng && !png)
    throw new ApiError(400, Codes.VALIDATION, { fieldErrors: { signaturePng: ['invalid'] } });
  const [member] = await deps.db.select().from(accounts).where(eq(accounts.id, accountId));
  // The contract names its member: no signing while it says only "Member" (issue 38 §6).
  if (member.fullName.trim() === '') throw new ApiError(409, Codes.E_CONTRACT_NAME_MISSING);
  await consumeOtp(deps, { phone: member.phoneNumber, purpose: 'e_contract_sign', code: input.otp, accountId });

  const now = deps.clock.now();
  const doc = JSON.parse(row.document) as EContractDocument;
  const en = row.lang === 'en';
  const vietnamTime = (at: Date) => `${formatDateTime(at)} (${en ? 'Vietnam time' : 'giờ Việt Nam'}, UTC+07:00)`;
  const signedAtText = vietnamTime(now);
  const mark: SignatureMark = png
    ? { kind: 'drawn', png, name: input.fullName }
    : { kind: 'typed', name: input.fullName };
  const key = await resolveSealKey(deps);
  const audit = [
    { label: en ? 'Contract' : 'Hợp đồng', value: `${doc.title} (${row.templateVersion})` },
    {
      label: en ? 'SHA-256 of the document shown and signed' : 'SHA-256 của văn bản đã hiển thị và được ký',
      value: row.documentSha256,
    },
    {
      label: en ? 'Signer' : 'Người ký',
      value: `${input.fullName} · ${en ? 'account' : 'tài khoản'} #${String(accountId)} · ${member.phoneNumber}`,
    },
    {
      label: en ? 'Signature' : 'Chữ ký',
      value: png ? (en ? 'drawn on the screen' : 'vẽ trên màn hình') : en ? 'full name typed' : 'nhập họ tên',
    },
    {
      label: en ? 'Identity check' : 'Xác thực danh tính',
      value: `${en ? 'one-time code sent by SMS at' : 'mã OTP gửi qua SMS lúc'} ${row.otpSentAt ? vietnamTime(row.otpSentAt) : '—'}, ${en ? 'entered correctly at' : 'nhập đúng lúc'} ${signedAtText}`,
    },
    { label: en ? 'Signed at' : 'Thời điểm ký', value: signedAtText },
    { label: en ? 'IP address' : 'Địa chỉ IP', value: input.clientIp },
    { label: en ? 'Device (user agent)' : 'Thiết bị (user agent)', value: input.userAgent.slice(0, 300) || '—' },
    {
      label: en ? 'Sealed by' : 'Niêm phong bởi',
      value: `VietFit · SHA-256 ${en ? 'of the certificate' : 'chứng thư'} ${key.fingerprint}`,
    },
  ];
  const partyA = (await renderFor(deps.db, row.ptContractId))?.operatorName ?? 'VietFit';
  const unsealed = await renderEContractPdf({
    doc,
    lang: row.lang,
    documentSha256: row.documentSha256,
    signature: mark,
    signedAtText,
    audit,
    partyA,
  });
  const sealed = await sealPdf(unsealed, key, {
    reason: en ? 'Signed PT contract' : 'Hợp đồng PT đã ký',
    location: 'Viet Nam',
    name: 'VietFit',
    signingTime: now,
  });
  // Only an unsigned one: of two taps at once, the first signature stands and the second reads it.
  await deps.db
    .update(ptEContracts)
    .set({
      status: 'SIGNED',
      signatureKind: mark.kind,
      signatureImage: png,
      signerName: input.fullName,
      signerPhone: member.phoneNumber,
      signerIp: input.clientIp,
      signerUserAgent: input.userAgent.slice(0, 300),
      signedAt: now,
      pdf: sealed,
      pdfSha256: sha256Hex(sealed),
      sealFingerprint: key.fingerprint,
    })
    .where(and(eq(ptEContracts.id, id), eq(ptEContracts.status, 'UNSIGNED')));
  return eContractDetail(deps.db, accountId, id);
}

/** GET /member/pt-e-contract/{id}/pdf: the sealed PDF (404 while unsigned or for anyone else). */
export async function eContractPdf(db: Executor, accountId: number, id: number) {
  const row = await ownUnsigned(db, accountId, id);
  if (row.status !== 'SIGNED' || !row.pdf) throw eContractNotFound();
  return { pdf: row.pdf, fileName: `vietfit-pt-contract-${String(row.ptContractId)}.pdf` };
}

/**
 * POST /global/e-contract/verify (the PDF as the body): whether it is a contract we sealed and
 * unchanged since — the seal checks, and the exact bytes are the ones we stored.
 */
export async function verifyEContractPdf(deps: Pick<Deps, 'db' | 'config' | 'clock'>, pdf: Buffer) {
  const key = await resolveSealKey(deps);
  const check = verifySealedPdf(pdf, [key.fingerprint]);
  const [stored] = await deps.db
    .select({ id: ptEContracts.id, signedAt: ptEContracts.signedAt })
    .from(ptEContracts)
    .where(eq(ptEContracts.pdfSha256, sha256Hex(pdf)));
  return {
    valid: check.valid && stored !== undefined,
    sealValid: check.valid,
    reason: check.valid ? (stored ? null : 'NOT_ISSUED') : check.reason,
    eContractId: stored?.id ?? null,
    signedAt: stored?.signedAt?.toISOString() ?? null,
  };
}
