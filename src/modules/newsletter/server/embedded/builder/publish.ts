import type { SchoolContext } from '../../../../../platform/context';
import { createPost } from '../../../../website/server';
import type { Build } from '../../../builder-contract';
import { attachmentParagraph } from '../sends/compose';
import { renderBuild } from './service';

/** The preheader: the body's first element, a div hidden with display:none (render/mjml.ts). */
const PREHEADER = /^\s*<div style="display:none;[^"]*"(?: aria-hidden="true")?>[^<]*<\/div>/i;

/**
 * A built newsletter on the school's website (spec `send/builder/website {subject, build,
 * category}`, and the post of every real builder send). The email is a whole document (head,
 * styles for phones, Outlook's conditional comments); a post holds a fragment. So the post keeps
 * what is between <body> and </body>: the email's table layout with its inline styles, which the
 * website's sanitiser keeps as it keeps any table (comments, i.e. Outlook's conditional markup,
 * and the head's <style> rules are dropped: on the site the columns stack, as on a phone). The
 * preheader, hidden in the email, is left out.
 */
export function postContentOf(emailHtml: string): string {
  const body = /<body\b[^>]*>([\s\S]*)<\/body\s*>/i.exec(emailHtml);
  // The preheader (a hidden first line for inboxes) would repeat the opening words in the site's excerpts.
  return (body ? body[1]! : emailHtml).replace(PREHEADER, '').trim();
}

export interface BuilderPost {
  title: string;
  /** The rendered email's HTML (site-relative addresses as the build has them). */
  emailHtml: string;
  category: Record<string, string>;
  /** A stored attachment: the post links it at its end. */
  attachment?: { url: string; title: string };
}

/** Publishes the post (sanitised by the website as it is stored); its site-relative address. */
export async function publishBuilderPost(ctx: SchoolContext, post: BuilderPost): Promise<{ id: number; post_url: string }> {
  const content = `${postContentOf(post.emailHtml)}${post.attachment ? attachmentParagraph(post.attachment.url, post.attachment.title) : ''}`;
  return createPost(ctx, {
    id: null,
    title: post.title,
    content,
    category: post.category,
    parent: null,
  });
}

/** `send/builder/website`: the rendered newsletter as a post in the chosen categories. */
export async function publishBuild(
  ctx: SchoolContext,
  form: { subject: string; build: Build; category: Record<string, string> },
  siteOrigin: string,
): Promise<{ post_url: string }> {
  const email = await renderBuild(ctx, form.build);
  const post = await publishBuilderPost(ctx, {
    title: form.subject,
    emailHtml: email.html,
    category: form.category,
  });
  return { post_url: `${siteOrigin}${post.post_url}` };
}
