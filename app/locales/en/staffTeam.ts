/** English texts of the staff list (/staff/team) in the staff area (issue 17). */
export const staffTeam = {
  staffTeam: {
    title: 'Club staff',
    lead: 'The club’s managers, front desk and trainers.',
    club: 'Club',
    allClubs: 'All clubs',
    emptyTitle: 'No staff yet',
    emptyText: 'This club has no staff accounts yet.',
    call: 'Call',
  },
} as const;
