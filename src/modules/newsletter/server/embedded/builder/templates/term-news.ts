import { band, columns, divider, image, signOff, text, type TemplateDocument } from './parts';

/** 'Term news': the term's highlights, a lead story, two stories side by side and the notices. */
export const TERM_NEWS: TemplateDocument = [
  [band('Term news', 'Term 2 · Week 4 · Thursday 22 May')],
  [
    image('school-hill.jpg', 'The school on a sunny autumn morning', { padding: { top: 0, right: 0, bottom: 0, left: 0 } }),
    text(
      '<h2>Kia ora koutou, welcome to Term 2</h2>' +
        '<p>What a start to the term! Our students have settled back quickly, and it has been wonderful to see so many whānau at the school gate and at last week’s open morning. This newsletter brings you the highlights of the last few weeks and what is coming up.</p>',
      { padding: { top: 20, right: 25, bottom: 10, left: 25 } },
    ),
    divider(),
    columns(
      '6,6',
      [
        image('garden.jpg', 'Raised garden beds with seedlings and flowers'),
        text('<h3>Garden to table</h3><p>Room 5 has planted winter vegetables in the new raised beds. The first silverbeet and spinach will go to the school kitchen in a few weeks. Thank you to the families who gave seedlings.</p>'),
      ],
      [
        image('sports.jpg', 'The school field with goal posts and a ball'),
        text('<h3>Winter sports</h3><p>Netball, football and hockey teams train on Tuesdays and Thursdays after school. Games start on Saturday 7 June: the draw will be sent home next week.</p>'),
      ],
    ),
    divider(),
    text(
      '<h2>Notices</h2><ul>' +
        '<li><strong>Lost property</strong> is on the tables outside the hall until Friday. Unnamed items then go to the uniform shop.</li>' +
        '<li><strong>School photos</strong> are on Tuesday 3 June. Order forms are at the office.</li>' +
        '<li><strong>Road safety:</strong> please use the drop-off zone on Orchard Road and not the staff car park.</li>' +
        '</ul><p>Questions? Reply to this email or call the office.</p>',
    ),
  ],
  [signOff('The next newsletter comes out on Thursday 5 June. Ngā mihi nui.')],
];
