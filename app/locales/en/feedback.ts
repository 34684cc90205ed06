import type { Shape } from '#app/locales/shape.ts';
import type { feedback as vi } from '#app/locales/vi/feedback.ts';

/** English texts of feedback, the public problem report and ratings (issue 16 §1, §2; their own strings part, ADR 030). */
export const feedback: Shape<typeof vi> = {
  feedback: {
    types: {
      MACHINE: 'Broken machine',
      TEMPERATURE: 'Temperature, air conditioning',
      CLEAN_QUALITY: 'Cleanliness',
      EMPLOYEE_ATTITUDE: 'Staff attitude',
      ERROR_MEMBERSHIP: 'Membership or payment problem',
      OTHERS: 'Something else',
    },
    stars: 'How satisfied are you?',
    starsHint: 'Choose 1 to 5 stars.',
    star: '{{n}} stars',
    comment: 'Description',
    commentHint: 'Up to 1000 characters.',
    counter: '{{count}}/{{max}} characters',
    send: 'Send',
    open: 'Send feedback to a club',
    member: {
      title: 'Feedback',
      intro: "Your feedback goes to the club's manager. You'll get a notification when they reply.",
      club: 'Club',
      chooseClub: 'Choose a club',
      type: 'Topic',
      anonymous: 'Send anonymously',
      anonymousHint: 'The club will not know who sent it and cannot reply to you.',
    },
    report: {
      title: 'Report a problem',
      intro: 'Something not right at the club? Tell us, no sign-in needed.',
      chooseClub: 'Which club are you at?',
      chooseType: 'What would you like to report?',
      changeType: 'Choose another topic',
      noClub: "We couldn't find this club.",
      phone: 'Phone number (optional)',
      phoneHint: 'Leave your number if you would like us to call you back.',
      photo: 'Photo (optional)',
      photoHint: 'One photo up to 5 MB, for example of a broken machine.',
      honeypot: 'Leave this field empty',
      thanks: 'Thank you!',
      thanksText: 'Your report has been sent to the club.',
      another: 'Send another report',
    },
    poster: {
      title: 'Something wrong at the club?',
      scan: 'Scan the QR code to tell us, no sign-in needed.',
    },
    rating: {
      title: 'Rating',
      question: 'How is your {{plan}} membership at {{club}}?',
      banner: 'Would you like to rate the membership you bought?',
      bannerLink: 'Rate now',
      comment: 'Comment (optional)',
      dismiss: 'Not now',
      close: 'Close',
      none: 'You have nothing to rate.',
      dismissed: 'Rating skipped.',
    },
  },
};
