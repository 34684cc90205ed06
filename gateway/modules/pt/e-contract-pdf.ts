import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Lang } from '#api/codes.ts';
import type { EContractDocument } from './e-contract-template.ts';

// The signed contract as a PDF (ADR 047): the document's text exactly as shown, the member's
// signature under it, and an audit page of how it was signed. Noto Sans is embedded (subset), so
// Vietnamese diacritics print right whatever the reader has installed.

const FONT_DIR = path.resolve('gateway/assets/fonts');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontBytes = () =>
  (fonts ??= {
    regular: readFileSync(path.join(FONT_DIR, 'NotoSans-Regular.ttf')),
    bold: readFileSync(path.join(FONT_DIR, 'NotoSans-Bold.ttf')),
  });

export type SignatureMark = { kind: 'drawn'; png: Buffer; name: string } | { kind: 'typed'; name: string };
export type AuditFacts = { label: string; value: string }[];

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.06, 0.09, 0.16);
const SOFT = rgb(0.35, 0.4, 0.47);

/** Lines of `text` no wider than `width` at `size`, broken at spaces (a word longer than a line is broken where it must). */
function wrap(text: string, font: PDFFont, size: number, width: number) {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** A writer that flows lines down A4 pages. */
function flow(pdf: PDFDocument) {
  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const width = A4.width - 2 * MARGIN;
  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  return {
    width,
    get page() {
      return page;
    },
    get y() {
      return y;
    },
    newPage() {
      page = pdf.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    },
    text(
      text: string,
      font: PDFFont,
      size: number,
      options: { color?: ReturnType<typeof rgb>; gapAfter?: number; center?: boolean } = {},
    ) {
      for (const line of wrap(text, font, size, width)) {
        ensure(size * 1.45);
        const x = options.center ? (A4.width - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
        page.drawText(line, { x, y: y - size, size, font, color: options.color ?? INK });
        y -= size * 1.45;
      }
      y -= options.gapAfter ?? 0;
    },
    space(height: number) {
      ensure(height);
      y -= height;
    },
  };
}

export async function renderEContractPdf(input: {
  doc: EContractDocument;
  lang: Lang;
  documentSha256: string;
  signature: SignatureMark;
  signedAtText: string;
  audit: AuditFacts;
  /** Party A's name under its seal: the operating company (issue 38 §6). */
  partyA?: string;
}) {
  const en = input.lang === 'en';
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(input.doc.title);
  pdf.setAuthor('VietFit');
  pdf.setSubject(`SHA-256 ${input.documentSha256}`);
  pdf.setCreator('VietFit');
  pdf.setProducer('VietFit');
  const regular = await pdf.embedFont(fontBytes().regular, { subset: true });
  const bold = await pdf.embedFont(fontBytes().bold, { subset: true });
  const out = flow(pdf);

  out.text(input.doc.title, bold, 14, { gapAfter: 12, center: true });
  for (const section of input.doc.sections) {
    out.space(4);
    out.text(section.heading, bold, 11, { gapAfter: 2 });
    for (const paragraph of section.paragraphs) out.text(paragraph, regular, 10, { gapAfter: 4 });
  }

  // The signatures: Party B's mark (drawn, or the typed full name), Party A's seal.
  out.space(18);
  const boxHeight = 110;
  out.space(0);
  if (out.y - boxHeight < MARGIN) out.newPage();
  const top = out.y;
  const half = out.width / 2;
  out.page.drawText(en ? 'Party B (the member)' : 'Bên B (hội viên)', {
    x: MARGIN,
    y: top - 11,
    size: 11,
    font: bold,
    color: INK,
  });
  out.page.drawText(en ? 'Party A (the provider)' : 'Bên A (bên cung cấp dịch vụ)', {
    x: MARGIN + half,
    y: top - 11,
    size: 11,
    font: bold,
    color: INK,
  });
  if (input.signature.kind === 'drawn') {
    const image = await pdf.embedPng(input.signature.png);
    const scale = Math.min((half - 16) / image.width, 60 / image.height);
    out.page.drawImage(image, {
      x: MARGIN,
      y: top - 20 - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    });
  } else {
    out.page.drawText(input.signature.name, { x: MARGIN, y: top - 52, size: 16, font: regular, color: INK });
    out.page.drawText(en ? '(signed by typing the full name)' : '(ký bằng cách nhập họ tên)', {
      x: MARGIN,
      y: top - 68,
      size: 8,
      font: regular,
      color: SOFT,
    });
  }
  out.page.drawText(input.signature.name, { x: MARGIN, y: top - 88, size: 10, font: bold, color: INK });
  out.page.drawText(input.signedAtText, { x: MARGIN, y: top - 102, size: 8, font: regular, color: SOFT });
  out.page.drawText(en ? 'Sealed with VietFit’s digital certificate' : 'Niêm phong bằng chứng thư số của VietFit', {
    x: MARGIN + half,
    y: top - 52,
    size: 9,
    font: regular,
    color: SOFT,
  });
  out.page.drawText(input.partyA ?? 'VietFit', { x: MARGIN + half, y: top - 88, size: 10, font: bold, color: INK });
  out.space(boxHeight);

  // The audit page: how it was signed, for anyone who must prove it later.
  out.newPage();
  out.text(en ? 'Electronic signature record' : 'Nhật ký ký điện tử', bold, 14, { gapAfter: 10 });
  for (const fact of input.audit) {
    out.text(fact.label, bold, 9);
    out.text(fact.value, regular, 9, { gapAfter: 4 });
  }
  return pdf.save({ useObjectStreams: false });
}
