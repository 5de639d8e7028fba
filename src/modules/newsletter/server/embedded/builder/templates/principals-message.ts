import { MUTED, columns, divider, image, signOff, text, type TemplateDocument } from './parts';

/** 'Principal’s message': a letter from the principal beside a portrait, then short news. */
export const PRINCIPALS_MESSAGE: TemplateDocument = [
  [
    text(`<h1>From the principal</h1><p style="color: ${MUTED}; font-size: 14px;">Term 2 · Week 6</p>`, {
      padding: { top: 24, right: 25, bottom: 12, left: 25 },
      border: 0,
    }),
    divider({ padding: { top: 0, right: 25, bottom: 0, left: 25 }, border: 3, borderColor: '#1a5ba6', width: 100 }),
  ],
  [
    columns(
      '4,8',
      [image('portrait.jpg', 'Our principal', { borderRadius: 8, padding: { top: 20, right: 10, bottom: 10, left: 25 } })],
      [
        text(
          '<p>Tēnā koutou katoa,</p>' +
            '<p>This term our school has been thinking about what it means to belong. Every class has written its own values, and they now hang in the corridors for everyone to read. I have loved hearing students explain them to visitors.</p>',
          { padding: { top: 20, right: 25, bottom: 10, left: 10 } },
        ),
      ],
    ),
    text(
      '<p>Thank you to every family who came to our community evening. Your ideas about the new playground, the school day and homework will shape our plans for next year; a summary is on its way to you.</p>' +
        '<p>As the weather cools, please make sure your child has a warm, named jacket. Winter bugs are about: if your child is unwell, keep them home and let the office know.</p>' +
        '<p>Ngā mihi nui,<br><strong>Margaret Tane</strong><br>Principal</p>',
    ),
    divider(),
    text(
      '<h2>In brief</h2><ul>' +
        '<li><strong>Board of Trustees:</strong> the next meeting is on Monday 16 June at 6 pm in the library. Everyone is welcome.</li>' +
        '<li><strong>Kapa haka</strong> practice has moved to Wednesday lunchtimes.</li>' +
        '<li><strong>Library week:</strong> bring a book you love to swap on Friday.</li>' +
        '</ul>',
    ),
  ],
  [signOff('Our door is always open: book a time with the office to talk with the principal.')],
];
