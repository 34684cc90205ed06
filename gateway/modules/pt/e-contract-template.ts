import { createHash } from 'node:crypto';
import type { Lang } from '#api/codes.ts';
import { formatDate, formatDateTime, formatVnd } from '#api/format.ts';

// The PT e-contract's text (issue 13 §2, ADR 047): a versioned template in plain Vietnamese (the
// consumer law asks for clear terms in Vietnamese, no vague "other costs") and English. What the
// member reads on /preview is exactly `documentText` of the stored document; its SHA-256 is what
// they sign and what the PDF's audit page names.

export const E_CONTRACT_TEMPLATE_VERSION = 'pt-2026-11-v2';

export type EContractFacts = {
  number: string;
  chain: string;
  /** The company that operates the clubs, its registered address and tax code (app settings `operator_*`; empty when not set). */
  operatorName: string;
  operatorAddress: string;
  operatorTaxCode: string;
  clubName: string;
  clubAddress: string;
  hotline: string;
  memberName: string;
  memberPhone: string;
  trainerName: string;
  packageName: string;
  sessions: number;
  validityDays: number;
  startDate: string;
  endDate: string;
  price: number;
  paidAt: Date;
  methodName: string;
  transactionId: string;
};

export type EContractDocument = { title: string; sections: { heading: string; paragraphs: string[] }[] };

/** Party A as the law names it: the company (trading as the chain), its registered address and tax code, as far as the settings give them. */
function operator(f: EContractFacts, lang: Lang) {
  if (!f.operatorName) return f.chain;
  const parts = [`${f.operatorName} (${lang === 'en' ? 'trading as' : 'thương hiệu'} ${f.chain})`];
  if (f.operatorAddress) parts.push(`${lang === 'en' ? 'registered office' : 'trụ sở'}: ${f.operatorAddress}`);
  if (f.operatorTaxCode) parts.push(`${lang === 'en' ? 'tax code' : 'mã số thuế'}: ${f.operatorTaxCode}`);
  return parts.join(', ');
}

export function renderEContract(f: EContractFacts, lang: Lang): EContractDocument {
  const price = formatVnd(f.price, lang);
  const perSession = formatVnd(Math.round(f.price / f.sessions), lang);
  const [from, to, paid] = [formatDate(f.startDate), formatDate(f.endDate), formatDateTime(f.paidAt)];
  if (lang === 'en') {
    return {
      title: `PERSONAL TRAINING (PT) SERVICE CONTRACT No. ${f.number}`,
      sections: [
        {
          heading: 'The parties',
          paragraphs: [
            `Provider (Party A): ${operator(f, 'en')}, through its club ${f.clubName}, ${f.clubAddress}. Hotline: ${f.hotline}.`,
            `Member (Party B): ${f.memberName}, phone number ${f.memberPhone}.`,
            `Trainer: ${f.trainerName}, employed by Party A.`,
          ],
        },
        {
          heading: 'Article 1. The service',
          paragraphs: [
            `${f.packageName}: ${String(f.sessions)} one-to-one sessions of 60 minutes with ${f.trainerName} at ${f.clubName}.`,
          ],
        },
        {
          heading: 'Article 2. Validity',
          paragraphs: [
            `The sessions can be used from ${from} to ${to} inclusive (${String(f.validityDays)} days). Sessions not used by then expire and are not moved to another package.`,
          ],
        },
        {
          heading: 'Article 3. Price and payment',
          paragraphs: [
            `Price: ${price} (VAT included), that is ${perSession} a session. Party B paid it on ${paid} by ${f.methodName}, transaction ${f.transactionId}.`,
            'There are no other fees or charges under this contract.',
          ],
        },
        {
          heading: 'Article 4. Booking and cancelling sessions',
          paragraphs: [
            'Party B books sessions in the app at least 2 hours and at most 14 days ahead, within the trainer’s working hours, one booking at a time: the session booked is done (or cancelled) before the next is booked, and at most one session a day. A booking can be cancelled in the app free of charge until the trainer confirms it; after that, Party B calls the club to move it.',
          ],
        },
        {
          heading: 'Article 5. Freezes and refunds',
          paragraphs: [
            'While Party B’s membership is frozen or has ended, no session can be booked; the validity of this package is not extended automatically.',
            `Party B gets a full refund if they ask within 7 days of paying and have used no session. If Party A cannot provide a trainer for the booked sessions, Party B gets ${perSession} back for each unused session. Refunds are paid to the account or card Party B paid from within 15 working days.`,
          ],
        },
        {
          heading: 'Article 6. Health and safety',
          paragraphs: [
            'Party B tells the trainer about any illness, injury or pregnancy before training. The trainer may adjust or stop a session for Party B’s safety.',
          ],
        },
        {
          heading: 'Article 7. Personal data',
          paragraphs: [
            'Party A processes Party B’s name, phone number, bookings and training records only to provide this service and to keep this contract, as Decree 13/2023/ND-CP requires, and does not share them with others unless the law requires it. Party B may ask to see, correct or delete their data through the app or the hotline.',
          ],
        },
        {
          heading: 'Article 8. Electronic signature',
          paragraphs: [
            'This contract is signed electronically under the Law on Electronic Transactions 20/2023/QH15: Party B signs in the app and confirms with a one-time code sent to their phone number; Party A seals the signed document with its digital certificate. Both parties accept it as the original contract.',
          ],
        },
        {
          heading: 'Article 9. Disputes',
          paragraphs: [
            'The parties first settle any dispute by talking, through the club or the hotline. Failing that, either party may bring it to the competent court of Viet Nam.',
          ],
        },
      ],
    };
  }
  return {
    title: `HỢP ĐỒNG DỊCH VỤ HUẤN LUYỆN CÁ NHÂN (PT) SỐ ${f.number}`,
    sections: [
      {
        heading: 'Các bên',
        paragraphs: [
          `Bên cung cấp dịch vụ (Bên A): ${operator(f, 'vi')}, qua câu lạc bộ ${f.clubName}, ${f.clubAddress}. Hotline: ${f.hotline}.`,
          `Bên sử dụng dịch vụ (Bên B): ${f.memberName}, số điện thoại ${f.memberPhone}.`,
          `Huấn luyện viên: ${f.trainerName}, nhân viên của Bên A.`,
        ],
      },
      {
        heading: 'Điều 1. Dịch vụ',
        paragraphs: [
          `${f.packageName}: ${String(f.sessions)} buổi tập 1 kèm 1, mỗi buổi 60 phút, với huấn luyện viên ${f.trainerName} tại ${f.clubName}.`,
        ],
      },
      {
        heading: 'Điều 2. Thời hạn',
        paragraphs: [
          `Các buổi tập được sử dụng từ ${from} đến hết ngày ${to} (${String(f.validityDays)} ngày). Buổi chưa dùng khi hết hạn sẽ hết hiệu lực và không được chuyển sang gói khác.`,
        ],
      },
      {
        heading: 'Điều 3. Giá và thanh toán',
        paragraphs: [
          `Giá gói: ${price} (đã gồm thuế GTGT), tức ${perSession} mỗi buổi. Bên B đã thanh toán lúc ${paid} bằng ${f.methodName}, mã giao dịch ${f.transactionId}.`,
          'Hợp đồng này không có bất kỳ khoản phí hay chi phí nào khác.',
        ],
      },
      {
        heading: 'Điều 4. Đặt lịch và hủy lịch',
        paragraphs: [
          'Bên B đặt lịch trong ứng dụng trước ít nhất 2 giờ và tối đa 14 ngày, trong giờ làm việc của huấn luyện viên, mỗi lần một buổi: buổi đã đặt phải tập xong (hoặc hủy) trước khi đặt buổi tiếp theo, và tối đa một buổi mỗi ngày. Bên B được hủy lịch miễn phí trong ứng dụng cho đến khi huấn luyện viên xác nhận; sau đó, Bên B gọi câu lạc bộ để đổi lịch.',
        ],
      },
      {
        heading: 'Điều 5. Bảo lưu và hoàn tiền',
        paragraphs: [
          'Trong thời gian gói hội viên của Bên B đang bảo lưu hoặc đã hết hạn, Bên B không đặt được lịch tập; thời hạn của gói PT không tự động kéo dài.',
          `Bên B được hoàn 100% nếu yêu cầu trong 7 ngày kể từ ngày thanh toán và chưa dùng buổi nào. Nếu Bên A không bố trí được huấn luyện viên cho các buổi đã đặt, Bên B được hoàn ${perSession} cho mỗi buổi chưa dùng. Tiền hoàn được chuyển về tài khoản hoặc thẻ Bên B đã dùng để thanh toán trong 15 ngày làm việc.`,
        ],
      },
      {
        heading: 'Điều 6. Sức khỏe và an toàn',
        paragraphs: [
          'Bên B thông báo cho huấn luyện viên về bệnh, chấn thương hoặc việc mang thai trước khi tập. Huấn luyện viên có thể điều chỉnh hoặc dừng buổi tập để bảo đảm an toàn cho Bên B.',
        ],
      },
      {
        heading: 'Điều 7. Dữ liệu cá nhân',
        paragraphs: [
          'Bên A chỉ xử lý họ tên, số điện thoại, lịch tập và kết quả tập luyện của Bên B để cung cấp dịch vụ này và lưu giữ hợp đồng, theo Nghị định 13/2023/NĐ-CP, và không cung cấp cho bên thứ ba trừ khi pháp luật yêu cầu. Bên B có quyền xem, sửa hoặc yêu cầu xóa dữ liệu của mình qua ứng dụng hoặc hotline.',
        ],
      },
      {
        heading: 'Điều 8. Chữ ký điện tử',
        paragraphs: [
          'Hợp đồng được ký bằng chữ ký điện tử theo Luật Giao dịch điện tử số 20/2023/QH15: Bên B ký trong ứng dụng và xác nhận bằng mã OTP gửi đến số điện thoại của mình; Bên A niêm phong văn bản đã ký bằng chứng thư số của mình. Hai bên công nhận đây là bản gốc của hợp đồng.',
        ],
      },
      {
        heading: 'Điều 9. Giải quyết tranh chấp',
        paragraphs: [
          'Hai bên ưu tiên thương lượng qua câu lạc bộ hoặc hotline. Nếu không thương lượng được, mỗi bên có quyền yêu cầu Tòa án có thẩm quyền của Việt Nam giải quyết.',
        ],
      },
    ],
  };
}

/** The document as the member reads it and signs it: title, then each heading and its paragraphs, one per line. */
export const documentText = (doc: EContractDocument) =>
  [doc.title, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
