/** Vietnamese texts of the GM's settings in the staff area (issue 17, ADR 052). */
export const staffSettings = {
  staffSettings: {
    title: 'Cài đặt',
  },
} as const;
