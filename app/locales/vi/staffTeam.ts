/** Vietnamese texts of danh sách nhân sự (/staff/team) in the staff area (issue 17). */
export const staffTeam = {
  staffTeam: {
    title: 'Nhân sự câu lạc bộ',
    lead: 'Quản lý, nhân viên quầy và huấn luyện viên của câu lạc bộ.',
    club: 'Câu lạc bộ',
    allClubs: 'Tất cả câu lạc bộ',
    emptyTitle: 'Chưa có nhân sự',
    emptyText: 'Câu lạc bộ này chưa có tài khoản nhân viên nào.',
    call: 'Gọi',
  },
} as const;
