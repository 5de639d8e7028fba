/**
 * What the editor's text tools keep: the one list of tags and attributes that both the Editor.js
 * tools (their static `sanitize`, see src/ui/islands/rich-text/tools.ts) and the conversion
 * (which maps HTML to a typed block only when everything in it is kept) use.
 *
 * The rules follow Editor.js's sanitiser (html-janitor): a tag missing from the rules is unwrapped
 * (its text stays, the tag goes); `{}` keeps the tag without attributes; an attribute `true` keeps
 * any value, a string keeps only that exact value; `true` for the tag keeps it with every attribute.
 * Editor.js merges the inline tools' own rules under these, and a block tool's rules win for the
 * tags they name, so what is listed here is exactly what survives a save.
 */

export type AttributeRule = true | string;
export type TagRule = true | Readonly<Record<string, AttributeRule>>;
export type InlineRules = Readonly<Record<string, TagRule>>;

/** Formatting the inline toolbar writes or that existing content commonly uses inside text. */
export const INLINE_RULES: InlineRules = {
  // bold (Editor.js writes <b>), italic (<i>); existing content's <strong>/<em> are kept as they are
  b: {},
  strong: {},
  i: {},
  em: {},
  // @editorjs/underline writes <u class="cdx-underline">
  u: { class: 'cdx-underline' },
  s: {},
  strike: {},
  del: { cite: true, datetime: true },
  ins: { cite: true, datetime: true },
  sub: {},
  sup: {},
  small: {},
  big: {},
  code: {},
  kbd: {},
  samp: {},
  var: {},
  tt: {},
  cite: {},
  dfn: {},
  mark: { style: true },
  abbr: { title: true },
  acronym: { title: true },
  q: { cite: true },
  // the link tool (any href; the target/rel existing links carry)
  a: { href: true, title: true, target: true, rel: true },
  // the font, size, text colour and highlight tools write <span style>; existing content's <font> is kept as it is
  font: { color: true, face: true, size: true, style: true },
  span: { style: true },
  br: {},
};

/** Paragraphs, headings, list items, table cells and image captions all keep the same inline set. */
export const PARAGRAPH_RULES = INLINE_RULES;
export const HEADER_RULES = INLINE_RULES;
export const LIST_RULES = INLINE_RULES;
export const TABLE_RULES = INLINE_RULES;
export const CAPTION_RULES = INLINE_RULES;
/** ...and so do quotes, their citations, preformatted text and definition lists. */
export const QUOTE_RULES = INLINE_RULES;
export const PREFORMATTED_RULES = INLINE_RULES;
export const DEFINITION_RULES = INLINE_RULES;

/** The editor's font families (the font tool) as CSS font-family values. */
export const FONT_FAMILIES: ReadonlyArray<{ label: string; value: string }> = [
  { label: 'Sans serif', value: 'Arial, Helvetica, sans-serif' },
  { label: 'Serif', value: 'Georgia, "Times New Roman", serif' },
  { label: 'Monospace', value: '"Courier New", Courier, monospace' },
  { label: 'Comic', value: '"Comic Sans MS", "Comic Neue", cursive' },
  { label: 'Narrow', value: '"Arial Narrow", Arial, sans-serif' },
];

/** The size tool's sizes as CSS font-size values (what HTML's seven `<font size>` steps were). */
export const FONT_SIZES: ReadonlyArray<{ label: string; value: string }> = [
  { label: 'Smallest', value: 'x-small' },
  { label: 'Small', value: 'small' },
  { label: 'Normal', value: 'medium' },
  { label: 'Large', value: 'large' },
  { label: 'Larger', value: 'x-large' },
  { label: 'Huge', value: 'xx-large' },
  { label: 'Largest', value: 'xxx-large' },
];

/** Text colours of the text colour tool. */
export const TEXT_COLOURS: ReadonlyArray<{ label: string; value: string }> = [
  { label: 'Black', value: '#000000' },
  { label: 'Dark grey', value: '#495057' },
  { label: 'Grey', value: '#868e96' },
  { label: 'Red', value: '#d63939' },
  { label: 'Orange', value: '#f76707' },
  { label: 'Yellow', value: '#f59f00' },
  { label: 'Green', value: '#2fb344' },
  { label: 'Teal', value: '#0ca678' },
  { label: 'Cyan', value: '#17a2b8' },
  { label: 'Blue', value: '#206bc4' },
  { label: 'Indigo', value: '#4263eb' },
  { label: 'Purple', value: '#ae3ec9' },
  { label: 'Pink', value: '#d6336c' },
  { label: 'White', value: '#ffffff' },
];

/** Background colours of the highlight tool. */
export const HIGHLIGHT_COLOURS: ReadonlyArray<{ label: string; value: string }> = [
  { label: 'Yellow', value: '#fff3bf' },
  { label: 'Green', value: '#d3f9d8' },
  { label: 'Blue', value: '#d0ebff' },
  { label: 'Pink', value: '#ffdeeb' },
  { label: 'Orange', value: '#ffe8cc' },
  { label: 'Grey', value: '#e9ecef' },
  { label: 'None', value: 'transparent' },
];
