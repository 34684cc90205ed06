import type { Shape } from '#api/translate.ts';
import type { newcomer as vi } from '#app/locales/vi/newcomer.ts';

/** English texts of the newcomer's guide, /home/workout-with-us (ADR 030). */
export const newcomer: Shape<typeof vi> = {
  newcomer: {
    title: 'Workout with us',
    lead: 'First time at the gym? No worries: here is what you need to know for a relaxed first session.',
    firstVisit: {
      title: 'Your first visit, step by step',
      id: {
        title: 'Bring your ID card and your phone',
        text: 'The front desk checks your details on your first visit. Sign in to the app on your phone before you come.',
      },
      checkIn: {
        title: 'Check in with the QR code at the door',
        text: 'Open your check-in code in the app and hold it to the scanner at the door. The code changes every 30 seconds, so there is no need for a screenshot.',
      },
      locker: {
        title: 'Lockers and towels',
        text: 'The changing rooms have lockers for your things. Black Card includes a gym towel; with other plans, bring your own.',
      },
      tour: {
        title: 'Ask the staff for a tour',
        text: 'Tell the front desk it is your first visit: a staff member shows you the training areas, how to adjust the machines, and answers your questions.',
      },
      warmUp: {
        title: 'Warm up for 5–10 minutes',
        text: 'Walk briskly or cycle easily until you are warm, then circle your neck, shoulders, hips and knees.',
      },
      light: {
        title: 'Start light',
        text: 'Pick weights you can lift 12–15 times comfortably, rest when you are tired and drink water often. Train so that you want to come back tomorrow.',
      },
      openCheckIn: 'Open my check-in code',
    },
    bring: {
      title: 'What to bring',
      clothes: 'Comfortable sportswear and trainers with a good grip',
      water: 'A water bottle',
      towel: 'A small towel, if your plan has none',
      shower: 'Toiletries and a change of clothes if you shower at the club',
    },
    classes: {
      title: 'Group classes',
      lead: 'A coach leads every class and beginners can follow: come 5 minutes early, take a spot at the back and go at your own pace.',
      yoga: { name: 'Yoga', text: 'Stretching, balance and breathing. Gentle, a good place to start.' },
      zumba: { name: 'Zumba', text: 'Dance to upbeat Latin music and burn plenty of energy, no dance skills needed.' },
      bodyPump: {
        name: 'Body Pump',
        text: 'Light barbell work to music with many repetitions, to tone the whole body.',
      },
      boxing: { name: 'Boxing', text: 'The basic stance, punches and footwork; builds stamina and lets off stress.' },
      cycling: { name: 'Cycling', text: 'Indoor cycling to music at a resistance you set; good for your heart.' },
      pilates: { name: 'Pilates', text: 'Slow, controlled moves for your core, back and posture.' },
      hiit: {
        name: 'HIIT',
        text: 'Short bursts of hard work with rests in between; try it after a few weeks of training.',
      },
    },
    beginner: {
      title: 'A beginner workout',
      text: 'A simple full-body session, 2–3 times a week with a rest day in between. Each exercise 2–3 sets of 10–12:',
      squat: 'Squat down to a bench and stand up',
      press: 'Machine chest press',
      pulldown: 'Lat pulldown',
      row: 'Seated cable row',
      plank: 'Plank, 20–30 seconds',
      more: 'Guided sessions, move by move, are coming to the Workout tab.',
      open: 'Open Workout',
    },
    trial: {
      title: 'A free trial session',
      textClub: 'Want to try a session with a coach? Call your club to book a time; the trial session is free.',
      textChain:
        'Want to try a session with a coach before you join? Call us and we will book you in at a club near you, free of charge.',
      chain: 'VietFit hotline',
      call: 'Call',
      offer:
        '{{plans}}: {{count}} free sessions with a coach in the first {{days}} days; once you have the plan, you book them right here in the app.',
      seePlans: 'See the plans',
      clubs: 'Each club’s phone number',
      have: 'You have {{count}} free trial sessions with a coach left: pick a time right here in the app.',
      haveOpen: 'You have a trial session with a coach: see its time and status in the app.',
      book: 'Book a trial session',
      view: 'See your trial session',
    },
  },
};
