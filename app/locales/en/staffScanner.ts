/** English texts of the door scanner (/staff/scanner) in the staff area (issue 17). */
export const staffScanner = {
  staffScanner: {
    title: 'Door scanner',
    lead: 'Hold the QR code on the member’s phone in the frame.',
    club: 'Club',
    start: 'Turn the camera on',
    stop: 'Turn the camera off',
    noCamera: 'The camera could not be opened. Allow the camera, choose a photo of the QR code, or type the code.',
    fromImage: 'Choose a photo of the QR code',
    noQrInImage: 'No QR code found in this photo.',
    code: 'Check-in code',
    codeSubmit: 'Check in',
    accepted: 'Welcome in',
    refused: 'Not allowed in',
    until: 'Until {{date}}',
    memberNo: 'Member no. {{no}}',
    noName: 'Member without a name on file',
    withoutPhone: 'A member without their phone',
    memberPhone: 'The member’s phone number',
    find: 'Find',
    letIn: 'Let them in',
  },
} as const;
