/** Vietnamese texts of the update prompt and pull-to-reload, loaded once the page is idle (their own strings part, ADR 030). */
export const prompts = {
  prompts: {
    updateTitle: 'Đã có phiên bản mới',
    updateBody: 'VietFit {{version}} đã sẵn sàng. Cập nhật để dùng phiên bản mới nhất.',
    updateButton: 'Cập nhật ngay',
    pullToReload: 'Kéo xuống để tải lại',
    releaseToReload: 'Thả tay để tải lại',
  },
} as const;
