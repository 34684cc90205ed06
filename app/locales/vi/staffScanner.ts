/** Vietnamese texts of máy quét check-in (/staff/scanner) in the staff area (issue 17). */
export const staffScanner = {
  staffScanner: {
    title: 'Quét check-in',
    lead: 'Đưa mã QR trên điện thoại của hội viên vào khung hình.',
    club: 'Câu lạc bộ',
    start: 'Bật camera',
    stop: 'Tắt camera',
    noCamera: 'Không mở được camera. Hãy cho phép dùng camera, hoặc chọn ảnh chụp mã QR, hoặc nhập mã.',
    fromImage: 'Chọn ảnh mã QR',
    noQrInImage: 'Không tìm thấy mã QR trong ảnh.',
    code: 'Mã check-in',
    codeSubmit: 'Check-in',
    accepted: 'Mời vào',
    refused: 'Không được vào',
    until: 'Hết hạn {{date}}',
    memberNo: 'Mã hội viên {{no}}',
    noName: 'Hội viên chưa ghi họ tên',
    withoutPhone: 'Hội viên không mang điện thoại',
    memberPhone: 'Số điện thoại của hội viên',
    find: 'Tìm',
    letIn: 'Cho vào',
  },
} as const;
