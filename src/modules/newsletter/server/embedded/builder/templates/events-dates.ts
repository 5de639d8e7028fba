import { BRAND, band, columns, divider, image, signOff, text, type TemplateDocument } from './parts';

/** One event: its date on the left (a third), what and where on the right. */
const event = (date: string, title: string, details: string) =>
  columns('4,8', [text(`<h3 style="color: ${BRAND};">${date}</h3>`)], [text(`<p><strong>${title}</strong><br>${details}</p>`)]);

/** 'Events & dates': what is coming up, featured events with their dates, then the term's calendar. */
export const EVENTS_DATES: TemplateDocument = [
  [band('Events & dates', 'What’s on this term', '#b4533c')],
  [
    image('events.jpg', 'Bunting above a calendar page', { padding: { top: 0, right: 0, bottom: 0, left: 0 } }),
    text('<p>There is a lot happening this term. Here are the dates for your calendar; we will send reminders the week before each event.</p>', {
      padding: { top: 20, right: 25, bottom: 10, left: 25 },
    }),
    divider(),
    event('Fri 30 May', 'Cross-country', 'Years 3–8 run at the domain from 9.30 am. Bring a drink bottle, a hat and a change of clothes. Families are welcome to cheer.'),
    divider(),
    event('Tue 3 June', 'School photos', 'Class and individual photos in the hall. Full school uniform, please. Order forms are at the office.'),
    divider(),
    event('Thu 12 June', 'Matariki celebration', 'A shared kai and performances from every class, 5.30 pm in the hall. Bring a plate to share.'),
    divider(),
    event('Wed 25 June', 'Student-led conferences', 'Book a time with your child’s teacher through the office. Conferences run from 1 pm to 7 pm.'),
    divider(),
    text(
      '<h2>The rest of the term</h2><ul>' +
        '<li>Mon 2 June: King’s Birthday, school closed</li>' +
        '<li>Fri 20 June: Teacher only day, school closed</li>' +
        '<li>Fri 4 July: Last day of Term 2, school finishes at 2 pm</li>' +
        '<li>Mon 21 July: Term 3 starts</li>' +
        '</ul>',
    ),
  ],
  [signOff('Dates can change: the latest are always on our website. Ngā mihi nui.')],
];
