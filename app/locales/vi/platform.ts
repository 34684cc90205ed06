/** Vietnamese texts of the install prompt and the platform pages (ADR 008; their own strings part, ADR 030). */
export const platform = {
  platform: {
    notice: {
      title: 'Mở liên kết này trên điện thoại',
      lead: 'VietFit là ứng dụng dành cho điện thoại. Quét mã QR bằng camera của điện thoại để mở đúng trang này.',
      copy: 'Hoặc gửi liên kết này sang điện thoại:',
      qr: 'Mã QR của liên kết này',
      tryFrame: 'Dùng thử trong khung điện thoại',
      tryNote: 'Chỉ có ở bản thử nghiệm (sandbox), không có trên bản chính thức.',
      frameTitle: 'VietFit trong khung điện thoại 390 × 844',
    },
    escape: {
      title: 'Đang mở trong trình duyệt…',
      lead: 'Để dùng VietFit đầy đủ và cài được ứng dụng, trang này sẽ mở trong trình duyệt của điện thoại.',
      open: 'Mở bằng trình duyệt',
      stay: 'Tiếp tục tại đây',
    },
    install: {
      title: 'Cài ứng dụng VietFit',
      lead: 'Mở nhanh từ màn hình chính, toàn màn hình như một ứng dụng.',
      button: 'Cài đặt',
      how: 'Cách cài',
      later: 'Để sau',
      close: 'Đóng',
      iosTitle: 'Thêm VietFit vào màn hình chính',
      iosStep1: 'Chạm nút Chia sẻ (hình vuông có mũi tên hướng lên) trên thanh công cụ của trình duyệt.',
      iosStep2: 'Kéo xuống và chọn “Thêm vào MH chính”.',
      iosStep3: 'Chạm “Thêm” ở góc trên bên phải. Biểu tượng VietFit sẽ xuất hiện trên màn hình chính.',
    },
    inApp: {
      title: 'Mở VietFit bằng trình duyệt',
      lead: 'Bạn đang xem trang này trong {{app}}. Trình duyệt bên trong ứng dụng này không cài được VietFit.',
      androidStep1: 'Chạm nút ⋮ hoặc ⋯ ở góc trên bên phải màn hình.',
      androidStep2: 'Chọn “Mở bằng trình duyệt” (hoặc “Mở trong Chrome”).',
      androidStep3: 'Trong Chrome, chạm “Cài đặt” để thêm VietFit vào màn hình chính.',
      iosStep1: 'Chạm nút ⋯ hoặc nút Chia sẻ ở góc màn hình.',
      iosStep2: 'Chọn “Mở bằng trình duyệt” (hoặc “Mở trong Safari”).',
      iosStep3: 'Trong Safari, chạm Chia sẻ, chọn “Thêm vào MH chính” rồi chạm “Thêm”.',
      someApp: 'một ứng dụng khác',
    },
  },
} as const;
