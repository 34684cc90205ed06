import QRCode from 'qrcode';
import sharp from 'sharp';
import { cardExpiryByLaw } from '#gateway/providers/id-recognition/cccd.ts';
import { checkDigit } from '#gateway/providers/id-recognition/mrz.ts';

// Generated ID documents for the ID verification tests (issue 16 §3): drawn, never photographed,
// with made-up people. The layouts follow the real ones closely enough for the readers to work.

export type CardPerson = {
  idNumber: string;
  fullName: string;
  /** DD/MM/YYYY */
  dateOfBirth: string;
  sex: 'Nam' | 'Nữ';
  address: string;
  /** DD/MM/YYYY */
  issuedOn: string;
};

const iso = (ddmmyyyy: string) => ddmmyyyy.split('/').reverse().join('-');
const printed = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** What the card prints as "Có giá trị đến": the law's expiry (25, 40, 60 years) or "Không thời hạn". */
export function printedExpiry(person: CardPerson): string {
  const expiry = cardExpiryByLaw(iso(person.dateOfBirth), iso(person.issuedOn));
  return expiry === 'NONE' ? 'Không thời hạn' : printed(expiry);
}

const esc = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
const compact = (date: string) => date.replaceAll('/', '');

/** The QR's text as the card carries it: id|oldId|name|DDMMYYYY|sex|address|DDMMYYYY. */
export const cccdQrText = (person: CardPerson) =>
  [
    person.idNumber,
    '',
    person.fullName,
    compact(person.dateOfBirth),
    person.sex,
    person.address,
    compact(person.issuedOn),
  ].join('|');

type Render = { blur?: number; width?: number; qr?: boolean };

async function render(svg: string, { blur, width = 1280 }: Render) {
  let image = sharp(Buffer.from(svg)).resize({ width }).flatten({ background: '#ffffff' });
  if (blur) image = image.blur(blur);
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** The CCCD's front: national emblem band, QR at the top right, the fields, the expiry line. */
export async function cccdFront(person: CardPerson, options: Render = {}): Promise<Buffer> {
  const qrSvg = await QRCode.toString(cccdQrText(person), { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const qr = qrSvg.replace(
    /^[\s\S]*?<svg[^>]*viewBox="([^"]+)"[^>]*>/,
    '<svg x="760" y="30" width="200" height="200" viewBox="$1">',
  );
  const row = (y: number, label: string, value: string, size = 30) =>
    `<text x="300" y="${String(y)}" font-size="22">${esc(label)}</text><text x="300" y="${String(y + 36)}" font-size="${String(size)}" font-weight="700">${esc(value)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="630" font-family="DejaVu Sans" fill="#111">
<rect width="1000" height="630" rx="30" fill="#eef4f8"/>
<text x="40" y="70" font-size="26" font-weight="700">CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM</text>
<text x="40" y="140" font-size="34" font-weight="700" fill="#b91c1c">CĂN CƯỚC CÔNG DÂN</text>
${options.qr === false ? '' : qr}
<rect x="40" y="200" width="220" height="280" fill="#cbd5e1"/>
<text x="300" y="250" font-size="28">Số / No.: ${esc(person.idNumber)}</text>
${row(280, 'Họ và tên / Full name:', person.fullName.toUpperCase())}
<text x="300" y="390" font-size="26">Ngày sinh / Date of birth: ${esc(person.dateOfBirth)}</text>
<text x="300" y="435" font-size="26">Giới tính / Sex: ${esc(person.sex)}</text>
<text x="300" y="480" font-size="22">Nơi thường trú / Place of residence:</text>
<text x="300" y="512" font-size="22">${esc(person.address)}</text>
<text x="40" y="590" font-size="24">Có giá trị đến / Date of expiry: ${esc(printedExpiry(person))}</text>
</svg>`;
  return render(svg, options);
}

/** The card's back: the issue date and the place of issue (the 2024 card also prints its expiry here). */
export async function cccdBack(person: CardPerson, options: Render = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="630" font-family="DejaVu Sans" fill="#111">
<rect width="1000" height="630" rx="30" fill="#eef4f8"/>
<text x="40" y="80" font-size="26">Đặc điểm nhân dạng / Personal identification:</text>
<text x="40" y="120" font-size="26">Nốt ruồi cách 2cm dưới mép trái</text>
<text x="40" y="200" font-size="26">Ngày, tháng, năm / Date, month, year: ${esc(person.issuedOn)}</text>
<text x="40" y="250" font-size="26">CỤC TRƯỞNG CỤC CẢNH SÁT QUẢN LÝ HÀNH CHÍNH</text>
<text x="40" y="290" font-size="26">VỀ TRẬT TỰ XÃ HỘI</text>
</svg>`;
  return render(svg, options);
}

export type PassportPerson = {
  number: string;
  surname: string;
  givenNames: string;
  dateOfBirth: string;
  sex: 'M' | 'F';
  expiresOn: string;
};

const yymmdd = (ddmmyyyy: string) => `${ddmmyyyy.slice(8, 10)}${ddmmyyyy.slice(3, 5)}${ddmmyyyy.slice(0, 2)}`;
const mrzName = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'D')
    .toUpperCase()
    .replace(/[^A-Z]+/g, '<');

/** The two machine-readable lines of a Vietnamese passport (TD3), with their check digits. */
export function passportMrz(person: PassportPerson): [string, string] {
  const line1 = `P<VNM${mrzName(person.surname)}<<${mrzName(person.givenNames)}`.padEnd(44, '<').slice(0, 44);
  const number = person.number.padEnd(9, '<');
  const birth = yymmdd(person.dateOfBirth);
  const expiry = yymmdd(person.expiresOn);
  const personal = '<'.repeat(14);
  const head = `${number}${String(checkDigit(number))}VNM${birth}${String(checkDigit(birth))}${person.sex}${expiry}${String(checkDigit(expiry))}${personal}${String(checkDigit(personal))}`;
  const composite = head.slice(0, 10) + head.slice(13, 20) + head.slice(21, 43);
  return [line1, `${head}${String(checkDigit(composite))}`];
}

/** A passport's photo page with its MRZ at the bottom. */
export async function passportPage(person: PassportPerson, options: Render = {}): Promise<Buffer> {
  const [line1, line2] = passportMrz(person);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700" font-family="DejaVu Sans" fill="#111">
<rect width="1000" height="700" fill="#f5efe2"/>
<text x="40" y="60" font-size="26" font-weight="700">CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM - HỘ CHIẾU / PASSPORT</text>
<rect x="40" y="100" width="220" height="280" fill="#cbd5e1"/>
<text x="300" y="140" font-size="24">Họ / Surname: ${esc(person.surname.toUpperCase())}</text>
<text x="300" y="190" font-size="24">Chữ đệm và tên / Given names: ${esc(person.givenNames.toUpperCase())}</text>
<text x="300" y="240" font-size="24">Ngày sinh / Date of birth: ${esc(person.dateOfBirth)}</text>
<text x="300" y="290" font-size="24">Số hộ chiếu / Passport No.: ${esc(person.number)}</text>
<text x="300" y="340" font-size="24">Có giá trị đến / Date of expiry: ${esc(person.expiresOn)}</text>
<text x="30" y="590" font-family="DejaVu Sans Mono" font-size="36">${esc(line1)}</text>
<text x="30" y="650" font-family="DejaVu Sans Mono" font-size="36">${esc(line2)}</text>
</svg>`;
  return render(svg, options);
}
