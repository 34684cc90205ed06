// The bank list of spec §3: Vietnamese banks that take NAPAS 247 transfers, as the VietQR bank
// list (api.vietqr.io/v2/banks) describes them: the same ids, codes, BINs (the NAPAS acquirer id
// that goes into a VietQR payload), short names, logos and SWIFT codes. Static data: the member
// sees it on the bank-QR screen and the gateway checks a club's receiving BIN against it.

export type Bank = {
  /** The VietQR bank-list id. */
  id: number;
  /** Full Vietnamese name. */
  name: string;
  /** VietQR bank code, e.g. VCB; also the logo's file name. */
  code: string;
  /** The 6-digit NAPAS BIN (acquirer id) of tag 38 in a VietQR payload. */
  bin: string;
  shortName: string;
  logo: string;
  /** Takes NAPAS 247 transfers to an account (a VietQR can name it). */
  transferSupported: boolean;
  /** Supports account-holder name lookup. */
  lookupSupported: boolean;
  swiftCode: string | null;
};

const LOGO_BASE = 'https://cdn.vietqr.io/img/';

function bank(id: number, code: string, bin: string, shortName: string, name: string, swiftCode: string | null): Bank {
  const logo = `${LOGO_BASE}${code}.png`;
  return Object.freeze({
    id,
    name,
    code,
    bin,
    shortName,
    logo,
    transferSupported: true,
    lookupSupported: true,
    swiftCode,
  });
}

/** The main banks first (by how many members are likely to use them), then the rest. */
export const banks: readonly Bank[] = Object.freeze([
  bank(17, 'ICB', '970415', 'VietinBank', 'Ngân hàng TMCP Công thương Việt Nam', 'ICBVVNVX'),
  bank(43, 'VCB', '970436', 'Vietcombank', 'Ngân hàng TMCP Ngoại Thương Việt Nam', 'BFTVVNVX'),
  bank(4, 'BIDV', '970418', 'BIDV', 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam', 'BIDVVNVX'),
  bank(42, 'VBA', '970405', 'Agribank', 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam', 'VBAAVNVX'),
  bank(38, 'TCB', '970407', 'Techcombank', 'Ngân hàng TMCP Kỹ thương Việt Nam', 'VTCBVNVX'),
  bank(21, 'MB', '970422', 'MBBank', 'Ngân hàng TMCP Quân đội', 'MSCBVNVX'),
  bank(2, 'ACB', '970416', 'ACB', 'Ngân hàng TMCP Á Châu', 'ASCBVNVX'),
  bank(47, 'VPB', '970432', 'VPBank', 'Ngân hàng TMCP Việt Nam Thịnh Vượng', 'VPBKVNVX'),
  bank(39, 'TPB', '970423', 'TPBank', 'Ngân hàng TMCP Tiên Phong', 'TPBVVNVX'),
  bank(36, 'STB', '970403', 'Sacombank', 'Ngân hàng TMCP Sài Gòn Thương Tín', 'SGTTVNVX'),
  bank(12, 'HDB', '970437', 'HDBank', 'Ngân hàng TMCP Phát triển Thành phố Hồ Chí Minh', 'HDBCVNVX'),
  bank(45, 'VIB', '970441', 'VIB', 'Ngân hàng TMCP Quốc tế Việt Nam', 'VNIBVNVX'),
  bank(35, 'SHB', '970443', 'SHB', 'Ngân hàng TMCP Sài Gòn - Hà Nội', 'SHBAVNVX'),
  bank(10, 'EIB', '970431', 'Eximbank', 'Ngân hàng TMCP Xuất Nhập khẩu Việt Nam', 'EBVIVNVX'),
  bank(22, 'MSB', '970426', 'MSB', 'Ngân hàng TMCP Hàng Hải Việt Nam', 'MCOBVNVX'),
  bank(26, 'OCB', '970448', 'OCB', 'Ngân hàng TMCP Phương Đông', 'ORCOVNVX'),
  bank(33, 'SEAB', '970440', 'SeABank', 'Ngân hàng TMCP Đông Nam Á', 'SEAVVNVX'),
  bank(20, 'LPB', '970449', 'LPBank', 'Ngân hàng TMCP Lộc Phát Việt Nam', 'LVBKVNVX'),
  bank(23, 'NAB', '970428', 'NamABank', 'Ngân hàng TMCP Nam Á', 'NAMAVNVX'),
  bank(3, 'BAB', '970409', 'BacABank', 'Ngân hàng TMCP Bắc Á', 'NASCVNVX'),
  bank(44, 'VCCB', '970454', 'VietCapitalBank', 'Ngân hàng TMCP Bản Việt', 'VCBCVNVX'),
  bank(31, 'SCB', '970429', 'SCB', 'Ngân hàng TMCP Sài Gòn', 'SACLVNVX'),
  bank(1, 'ABB', '970425', 'ABBANK', 'Ngân hàng TMCP An Bình', 'ABBKVNVX'),
  bank(24, 'NCB', '970419', 'NCB', 'Ngân hàng TMCP Quốc Dân', 'NVBAVNVX'),
  bank(30, 'PVCB', '970412', 'PVcomBank', 'Ngân hàng TMCP Đại Chúng Việt Nam', 'WBVNVNVX'),
  bank(41, 'VAB', '970427', 'VietABank', 'Ngân hàng TMCP Việt Á', 'VNACVNVX'),
  bank(29, 'PGB', '970430', 'PGBank', 'Ngân hàng TMCP Thịnh vượng và Phát triển', 'PGBLVNVX'),
  bank(46, 'VIETBANK', '970433', 'VietBank', 'Ngân hàng TMCP Việt Nam Thương Tín', 'VNTTVNVX'),
  bank(5, 'BVB', '970438', 'BaoVietBank', 'Ngân hàng TMCP Bảo Việt', 'BVBVVNVX'),
  bank(19, 'KLB', '970452', 'KienLongBank', 'Ngân hàng TMCP Kiên Long', 'KLBKVNVX'),
  bank(34, 'SGICB', '970400', 'SaigonBank', 'Ngân hàng TMCP Sài Gòn Công Thương', 'SBITVNVX'),
  bank(37, 'SHBVN', '970424', 'ShinhanBank', 'Ngân hàng TNHH MTV Shinhan Việt Nam', 'SHBKVNVX'),
  bank(14, 'HSBC', '458761', 'HSBC', 'Ngân hàng TNHH MTV HSBC (Việt Nam)', 'HSBCVNVX'),
  bank(53, 'CAKE', '546034', 'CAKE', 'TMCP Việt Nam Thịnh Vượng - Ngân hàng số CAKE by VPBank', null),
]);

const byBin = new Map(banks.map((b) => [b.bin, b]));
const byCode = new Map(banks.map((b) => [b.code.toUpperCase(), b]));

/** The bank with this NAPAS BIN, or undefined. */
export function bankByBin(bin: string): Bank | undefined {
  return byBin.get(bin.trim());
}

/** The bank with this VietQR code (case-insensitive: "vcb" finds Vietcombank), or undefined. */
export function bankByCode(code: string): Bank | undefined {
  return byCode.get(code.trim().toUpperCase());
}
