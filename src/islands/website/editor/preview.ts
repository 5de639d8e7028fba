/**
 * What the content area shows before Editor.js is there, in edit mode: the stored content itself
 * (sanitised when it was saved, as the public site shows it), drawn with Editor.js's block
 * spacing (editor.css), so the first paint has the content where the editor will put it and the
 * parts below the editor do not move when it takes over. Inert and hidden from assistive
 * technology: it is a picture of the content, not the editor.
 *
 * Embedded players (iframes, video, audio, objects) are left out: Editor.js shows them as HTML
 * source, and they would load their sources for a moment's preview; so are images over plain
 * http, which the portal's pages may not load (Content-Security-Policy). Other images stay as
 * they are (loaded at once, as Editor.js loads them: a lazy one would arrive after the first
 * paint and move the text around it).
 */
const PLAYERS = /<(iframe|video|audio|object)\b[^>]*>[\s\S]*?<\/\1\s*>|<(?:embed|source|track)\b[^>]*>/gi;
const INSECURE_IMAGE = /<img\b[^>]*?\ssrc="http:[^"]*"[^>]*>/gi;

export function previewHtml(content: string): string {
  return content.replace(PLAYERS, '').replace(INSECURE_IMAGE, '');
}
