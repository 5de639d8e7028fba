/**
 * The knowledgebase's first articles: help for the portal's own screens, written in Markdown as
 * the operator command's `knowledgebase add` takes them. The demo seed adds them to an empty
 * database; the provider adds, replaces or removes articles with the command afterwards.
 */
export interface SeedArticle {
  slug: string;
  title: string;
  category: string;
  body: string;
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'finding-your-way-around',
    title: 'Finding your way around the portal',
    category: 'Getting started',
    body: `The portal has one screen for each job, grouped in the menu on the left: **Website**, **App**, **Newsletter**, **Learning in the Cloud**, **Account** and **Support**. A group shows only the products your school has; the others say *product not available*.

- **Home** shows Quick Links to the screens used most and the provider's latest updates.
- The *Servers status and notifications* button in the header opens a drawer with the status of your website and app, and what is new in the portal.
- Your name at the top right opens the user menu, where you sign out.

On a narrow window (under 1250 pixels) the menu folds away: open it with the menu button in the header. The *Theme options* button lets you keep the menu closed or choose a colour scheme; they are remembered on this computer only.

Tutorials (Support > [Tutorials](/support/help)) walk you through each screen step by step.`,
  },
  {
    slug: 'writing-and-publishing-posts',
    title: 'Writing and publishing a post',
    category: 'Website',
    body: `Open **Website > Manage Posts** ([/website/posts](/website/posts)) and choose **New Post**.

1. Give the post a **Title**.
2. Write the **Content**. The toolbar has headings, bold, italic, lists, links, tables and images. **Insert Attachment** uploads a file (a PDF letter, say) and links to it.
3. Tick one or more **Categories**. New posts start with *Newsflash* ticked.
4. Choose **Create**. The post is published at once and appears on your website.

Back on Manage Posts, each row shows the post's **Visibility**: *Public* when published, *Hidden* otherwise. **Hide** takes it off your website and **Publish** puts it back; **View** opens the post on your website.

A post marked **Locked** was built with a page builder or a form plugin: edit it where it was made, as the portal's editor would break its layout.`,
  },
  {
    slug: 'pages-and-the-menu',
    title: 'Pages and your website menu',
    category: 'Website',
    body: `Pages are the lasting parts of your website (About us, Term dates, Uniform). Open **Website > Manage Pages** and choose **New Page**.

- **Menu Parent** places the page in your website's menu: *Top Level*, or under another page.
- **Insert Gallery** adds a slideshow of one of your galleries.
- A new page is checked before it goes live: it **will be published within 24 hours**.

Search finds pages by title; **Last Modified** shows when each page last changed.`,
  },
  {
    slug: 'photo-galleries',
    title: 'Photo galleries',
    category: 'Website',
    body: `Open **Website > Manage Galleries** and choose **New Gallery**, give it a title, then **Create**.

On the gallery's screen, drag photos onto the upload area (or click it to choose them). Only image files are accepted: JPEG, PNG, GIF, WebP or AVIF. Location and camera details are removed from every photo before it is stored.

The photos are added to the gallery when you choose **Save**. The cross on a thumbnail removes that photo straight away.

To show a gallery on a page, open the page and use **Insert Gallery**.`,
  },
  {
    slug: 'sending-a-simple-newsletter',
    title: 'Sending a simple newsletter',
    category: 'Newsletter',
    body: `Open **Newsletter > Simple Newsletter**.

1. Fill in **From** (the name parents see) and **Subject**: both are required.
2. Write the message. You can add one attachment.
3. Tick the website categories the newsletter should be filed under: *Newsletters* is ticked for you.
4. Choose **Send**.

The newsletter is sent to every subscribed member of your mailing list and published on your website as a post. Each copy carries an unsubscribe link; people who unsubscribe are never mailed again.`,
  },
  {
    slug: 'managing-the-mailing-list',
    title: 'Managing the mailing list',
    category: 'Newsletter',
    body: `**Newsletter > Manage Mailing List** lists everyone who receives your newsletters, ten to a page. Filter by name or address.

- **Add New Member** needs a full name and an email address.
- **Delete** removes a member after you confirm.
- Parents can also sign up on your website's newsletter page; they confirm by email before they are added.

Someone who unsubscribed cannot be added back by staff: they must sign up again themselves.`,
  },
  {
    slug: 'the-newsletter-builder',
    title: 'Designing a newsletter with the builder',
    category: 'Newsletter',
    body: `The **Newsletter Builder** (if your school has it) builds a designed newsletter from blocks: text, image, divider, spacer, attachment and columns.

- **1 Blocks**: drag a block onto the newsletter. Blocks are saved as you add them.
- **2 Style**: click a block to change its padding, colours, border or image fit.
- **3 Send**: send a test to yourself first, then to your list, or post the newsletter to your website.

A columns block cannot go inside another column. A deleted block can be restored with the undo link for 20 seconds.`,
  },
  {
    slug: 'sending-app-notifications',
    title: 'Sending a notification to the app',
    category: 'App',
    body: `Open **App > Send Notification** to send a message to every phone with your school's app. Keep it short: the first line is what people see on their lock screen.

**App > Manage Staff List** is the staff directory the app shows. Move people up or down with the arrows, edit their details, or add someone with **New Staff**. If the app is not enabled for your school, contact your account manager or [submit a ticket](/support/new).`,
  },
  {
    slug: 'learning-in-the-cloud-students',
    title: 'Adding, changing and removing students',
    category: 'Learning in the Cloud',
    body: `**Learning in the Cloud > Manage Students** lists your students ten to a page. Loading it may take up to 30 seconds.

Every change is checked by your provider before it applies:

- **Add New Student** asks for first name, last name, class and any other fields your school uses. All fields must be filled in.
- **Edit Details** and **Delete** send the change for verification.

A row with a change waiting shows *Pending verification* and cannot be changed again until it is decided. You are notified by email when your provider approves or rejects it. **Export CSV** downloads the list for Excel.

**Manage Classes** changes class names, teachers and folders (all fields are required); **Status** shows whether changes are still waiting.`,
  },
  {
    slug: 'leavers-list-upload',
    title: 'Uploading your leavers list',
    category: 'Learning in the Cloud',
    body: `Before the summer holidays, upload your leavers list so that accounts are archived and licences are freed.

The file must be **CSV** with the column names in the first row: **First Name**, **Last Name**, **Class**, plus any student details such as IDs. Upload your *leavers* list (one row per leaving student), not your class list.

The portal checks the file first and shows which students it matched; nothing is sent until you confirm. Each matched student becomes a deletion request your provider verifies.`,
  },
  {
    slug: 'products-and-users',
    title: 'Your products and who can sign in',
    category: 'Account',
    body: `**Account > My Products** shows which products your school has: Learning in the Cloud, Newsletter, Newsletter Builder, Website and App. To add one, contact your account manager or [open a support ticket](/support/new).

**Account > Manage Users** lists everyone who can sign in for your school. Any user can authorise a new user by email and name, or remove one with **Unauthorise**.`,
  },
  {
    slug: 'support-tickets',
    title: 'Asking for help with a support ticket',
    category: 'Support',
    body: `Open **Support > New Support Ticket** ([/support/new](/support/new)).

1. Write a short **Subject**.
2. Choose the **Department** (Technical, Billing or Training) and how urgent it is (**Priority**).
3. Describe the problem in the **Message**. A screenshot helps: add it as an **Attachment**.
4. Choose **Submit ticket**.

**Support > My Tickets** lists your tickets, the most recently updated first, with their priority and status. Click a ticket (or press Enter on it) to read the conversation, reply, or close it when it is solved. You are emailed whenever your provider replies.

| Status | Meaning |
| --- | --- |
| Open | New: your provider has not answered yet |
| Awaiting reply | You replied; your provider will answer |
| Answered | Your provider replied: read it and reply if needed |
| Closed | Solved. Reopen it if the problem comes back |`,
  },
  {
    slug: 'guided-tours',
    title: 'Guided tours of the portal',
    category: 'Support',
    body: `**Support > Tutorials** ([/support/help](/support/help)) has a step-by-step tour for each area: Account, Website, Support and App.

Choose **Start tour**. Each step points at part of a screen and explains it; choose **Next** to go on. A tour can move to another screen and carry on there. Close it at any step with the close button or the **Escape** key.`,
  },
];
