/**
 * The XSS corpus of tests/e2e/xss-corpus.spec.ts: well-known injection vectors, each combined with
 * several JavaScript bodies. Every payload carries its own id, and every body reports that id if
 * it ever runs: by calling the detector `xssHit(id)` that the spec exposes on every page (directly
 * or through eval, setTimeout, a data: module, a javascript: navigation, an obfuscated lookup), or
 * through a dialog (`alert(id)`, `confirm(id)`) whose message is the id. So a hit names exactly
 * which payload ran.
 *
 * Bodies use single quotes and no spaces, `"`, `<` or `>`: each one stays intact in every vector
 * below, whether it sits in an unquoted attribute, a double-quoted attribute, a URL or a script.
 */

/** The name the spec exposes on `window` and every body calls. */
export const DETECTOR = 'xssHit';

/** What a page's script would have to run: reports `id` if it runs. */
interface Body {
  name: string;
  make(id: number): string;
}

const BODIES: readonly Body[] = [
  { name: 'direct call', make: (id) => `${DETECTOR}(${id})` },
  { name: 'alert', make: (id) => `alert(${id})` },
  { name: 'eval', make: (id) => `eval('${DETECTOR}(${id})')` },
  { name: 'top lookup', make: (id) => `top['${DETECTOR}'](${id})` },
  { name: 'setTimeout string', make: (id) => `setTimeout('${DETECTOR}(${id})')` },
  { name: 'data: module import', make: (id) => `import('data:text/javascript,${DETECTOR}(${id})')` },
  { name: 'javascript: navigation', make: (id) => `location='javascript:${DETECTOR}(${id})'` },
  // The detector's name never appears in the payload: a filter looking for it would miss this.
  { name: 'atob lookup', make: (id) => `self[atob('${btoa(DETECTOR)}')](${id})` },
];

/** Where and how a body is injected. */
interface Vector {
  name: string;
  /** Groups the report and the spec's coverage check. */
  family: VectorFamily;
  make(js: string): string;
}

export type VectorFamily =
  | 'script'
  | 'handler'
  | 'url'
  | 'obfuscated-url'
  | 'mutation'
  | 'breakout'
  | 'document'
  | 'css'
  | 'shortcode'
  | 'encoded';

/** `&#xNN;` for every character: an attribute value the HTML parser decodes back into `text`. */
function hexEntities(text: string): string {
  return [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
}

/** `&#000NNN` (zero-padded decimal, no semicolon) for every character: an old filter bypass. */
function paddedDecimalEntities(text: string): string {
  return [...text].map((c) => `&#${String(c.charCodeAt(0)).padStart(7, '0')}`).join('');
}

const VECTORS: readonly Vector[] = [
  // Script elements, plain, cased, split and nested.
  { family: 'script', name: 'script tag', make: (js) => `<script>${js}</script>` },
  { family: 'script', name: 'mixed-case script tag', make: (js) => `<ScRiPt>${js}</sCrIpT>` },
  { family: 'script', name: 'script with slash attribute', make: (js) => `<script/x>${js}</script>` },
  { family: 'script', name: 'module script', make: (js) => `<script type="module">${js}</script>` },
  { family: 'script', name: 'script src data: URL', make: (js) => `<script src="data:text/javascript,${js}"></script>` },
  { family: 'script', name: 'split script tag', make: (js) => `<scr<script>ipt>${js}</scr</script>ipt>` },
  { family: 'script', name: 'nested script tag', make: (js) => `<<script>${js}//<</script>` },
  { family: 'script', name: 'script in svg', make: (js) => `<svg><script>${js}</script></svg>` },
  { family: 'script', name: 'svg script href data: URL', make: (js) => `<svg><script href="data:text/javascript,${js}"></script></svg>` },

  // Event handlers that fire without a user.
  { family: 'handler', name: 'img onerror unquoted', make: (js) => `<img src=x onerror=${js}>` },
  { family: 'handler', name: 'img onerror quoted', make: (js) => `<img src="x" onerror="${js}">` },
  { family: 'handler', name: 'IMG OnErRoR cased', make: (js) => `<IMG SRC=x OnErRoR=${js}>` },
  { family: 'handler', name: 'img slash separators', make: (js) => `<img/src=x/onerror=${js}>` },
  { family: 'handler', name: 'img newline before =', make: (js) => `<img src=x onerror\n=${js}>` },
  { family: 'handler', name: 'img tab separators', make: (js) => `<img\tsrc=x\tonerror=${js}>` },
  { family: 'handler', name: 'img handler body as entities', make: (js) => `<img src=x onerror="${hexEntities(js)}">` },
  { family: 'handler', name: 'svg onload', make: (js) => `<svg onload=${js}>` },
  { family: 'handler', name: 'svg animate onbegin', make: (js) => `<svg><animate onbegin=${js} attributeName=x dur=1s></animate></svg>` },
  { family: 'handler', name: 'body onload', make: (js) => `<body onload=${js}>` },
  { family: 'handler', name: 'details ontoggle', make: (js) => `<details open ontoggle=${js}><summary>x</summary></details>` },
  { family: 'handler', name: 'input autofocus onfocus', make: (js) => `<input autofocus onfocus=${js}>` },
  { family: 'handler', name: 'select autofocus onfocus', make: (js) => `<select autofocus onfocus=${js}></select>` },
  { family: 'handler', name: 'input type=image onerror', make: (js) => `<input type=image src=x onerror=${js}>` },
  { family: 'handler', name: 'video source onerror', make: (js) => `<video><source onerror=${js}></video>` },
  { family: 'handler', name: 'video onerror', make: (js) => `<video src=x onerror=${js}></video>` },
  { family: 'handler', name: 'audio onerror', make: (js) => `<audio src=x onerror=${js}></audio>` },
  { family: 'handler', name: 'marquee onstart', make: (js) => `<marquee onstart=${js}>x</marquee>` },
  { family: 'handler', name: 'iframe onload', make: (js) => `<iframe onload=${js}></iframe>` },
  { family: 'handler', name: 'allowed iframe host onload', make: (js) => `<iframe src="https://www.youtube.com/embed/x" onload=${js}></iframe>` },
  { family: 'handler', name: 'p onmouseover', make: (js) => `<p onmouseover=${js}>hover</p>` },
  { family: 'handler', name: 'unknown element onclick', make: (js) => `<x onclick=${js}>click</x>` },

  // Script URLs in every attribute that takes one.
  { family: 'url', name: 'a href javascript:', make: (js) => `<a href="javascript:${js}">click</a>` },
  { family: 'url', name: 'a href javascript: unquoted', make: (js) => `<a href=javascript:${js}>click</a>` },
  { family: 'url', name: 'a href vbscript:', make: (js) => `<a href="vbscript:${js}">click</a>` },
  { family: 'url', name: 'a href data:text/html base64', make: (js) => `<a href="data:text/html;base64,${btoa(`<script>${js}</script>`)}">click</a>` },
  { family: 'url', name: 'iframe src javascript:', make: (js) => `<iframe src="javascript:${js}"></iframe>` },
  { family: 'url', name: 'iframe src data:text/html', make: (js) => `<iframe src="data:text/html,<script>${js}</script>"></iframe>` },
  { family: 'url', name: 'iframe javascript: dressed as an allowed host', make: (js) => `<iframe src="javascript://www.youtube.com/%0a${js}"></iframe>` },
  { family: 'url', name: 'iframe srcdoc', make: (js) => `<iframe srcdoc="<script>${js}</script>"></iframe>` },
  { family: 'url', name: 'allowed iframe host with srcdoc', make: (js) => `<iframe src="https://www.youtube.com/embed/x" srcdoc="<script>${js}</script>"></iframe>` },
  { family: 'url', name: 'object data javascript:', make: (js) => `<object data="javascript:${js}"></object>` },
  { family: 'url', name: 'embed src javascript:', make: (js) => `<embed src="javascript:${js}">` },
  { family: 'url', name: 'form action javascript:', make: (js) => `<form action="javascript:${js}"><button>go</button></form>` },
  { family: 'url', name: 'button formaction javascript:', make: (js) => `<form><button formaction="javascript:${js}">go</button></form>` },
  { family: 'url', name: 'svg a xlink:href javascript:', make: (js) => `<svg><a xlink:href="javascript:${js}"><text x="10" y="20">click</text></a></svg>` },
  { family: 'url', name: 'math a xlink:href javascript:', make: (js) => `<math><a xlink:href="javascript:${js}">click</a></math>` },
  {
    family: 'url',
    name: 'svg animate values javascript:',
    make: (js) => `<svg><a><animate attributeName="href" values="javascript:${js}"></animate><text x="10" y="20">click</text></a></svg>`,
  },
  { family: 'url', name: 'video poster javascript:', make: (js) => `<video poster="javascript:${js}"></video>` },
  { family: 'url', name: 'blockquote cite javascript:', make: (js) => `<blockquote cite="javascript:${js}">quote</blockquote>` },
  { family: 'url', name: 'img srcset javascript:', make: (js) => `<img srcset="javascript:${js} 1x" alt="x">` },

  // The same schemes disguised by case, entities, tabs, newlines and spaces.
  { family: 'obfuscated-url', name: 'JaVaScRiPt: cased', make: (js) => `<a href="JaVaScRiPt:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'jav&#x09;ascript: tab entity', make: (js) => `<a href="jav&#x09;ascript:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'java&#x0A;script: newline entity', make: (js) => `<a href="java&#x0A;script:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'javas&Tab;cript: named tab', make: (js) => `<a href="javas&Tab;cript:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'raw tab in scheme', make: (js) => `<a href="java\tscript:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'raw newline in scheme', make: (js) => `<a href="java\nscript:${js}">click</a>` },
  { family: 'obfuscated-url', name: '&#106;avascript: decimal entity', make: (js) => `<a href="&#106;avascript:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'whole scheme as hex entities', make: (js) => `<a href="${hexEntities('javascript:')}${js}">click</a>` },
  { family: 'obfuscated-url', name: 'scheme as padded decimal entities', make: (js) => `<a href="${paddedDecimalEntities('javascript:')}${js}">click</a>` },
  { family: 'obfuscated-url', name: 'javascript&colon;', make: (js) => `<a href="javascript&colon;${js}">click</a>` },
  { family: 'obfuscated-url', name: 'javascript&#58;', make: (js) => `<a href="javascript&#58;${js}">click</a>` },
  { family: 'obfuscated-url', name: 'leading spaces and newline', make: (js) => `<a href=" \n javascript:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'leading &#x20; entity', make: (js) => `<a href="&#x20;javascript:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'leading control characters', make: (js) => `<a href="&#x01;&#x1f;javascript:${js}">click</a>` },
  { family: 'obfuscated-url', name: 'iframe src cased and tabbed', make: (js) => `<iframe src="JaVa&#x09;ScRiPt:${js}"></iframe>` },
  { family: 'obfuscated-url', name: 'img src vbscript: cased', make: (js) => `<img src="VbScRiPt:${js}" alt="x">` },

  // Mutation XSS: markup that means one thing to a sanitiser's parser and another to the browser.
  { family: 'mutation', name: 'noscript title breakout', make: (js) => `<noscript><p title="</noscript><img src=x onerror=${js}>"></p></noscript>` },
  { family: 'mutation', name: 'title element breakout', make: (js) => `<p title="</title><img src=x onerror=${js}>">t</p>` },
  { family: 'mutation', name: 'textarea breakout', make: (js) => `<textarea><p title="</textarea><img src=x onerror=${js}>"></p></textarea>` },
  { family: 'mutation', name: 'xmp breakout', make: (js) => `<xmp><p title="</xmp><img src=x onerror=${js}>"></p></xmp>` },
  { family: 'mutation', name: 'noembed breakout', make: (js) => `<noembed><p title="</noembed><img src=x onerror=${js}>"></p></noembed>` },
  { family: 'mutation', name: 'iframe text breakout', make: (js) => `<iframe><p title="</iframe><img src=x onerror=${js}>"></p></iframe>` },
  { family: 'mutation', name: 'style breakout', make: (js) => `<style><style/><img src=x onerror=${js}></style>` },
  { family: 'mutation', name: 'style in svg with entities', make: (js) => `<svg><style>&lt;img src=x onerror=${js}&gt;</style></svg>` },
  { family: 'mutation', name: 'svg style anchor breakout', make: (js) => `<svg></p><style><a id="</style><img src=x onerror=${js}>"></a></style></svg>` },
  { family: 'mutation', name: 'math mtext mglyph style', make: (js) => `<math><mtext><table><mglyph><style><img src=x onerror=${js}></style></mglyph></table></mtext></math>` },
  { family: 'mutation', name: 'form math mglyph (DOMPurify 2.0.0)', make: (js) => `<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=${js}></style></mglyph></form>` },
  { family: 'mutation', name: 'math style', make: (js) => `<math><style><img src=x onerror=${js}></style></math>` },
  { family: 'mutation', name: 'template content', make: (js) => `<template><img src=x onerror=${js}></template>` },
  { family: 'mutation', name: 'comment in attribute', make: (js) => `<!--<img src="--><img src=x onerror=${js}//">` },
  { family: 'mutation', name: 'CDATA outside foreign content', make: (js) => `<![CDATA[><img src=x onerror=${js}>]]>` },
  { family: 'mutation', name: 'processing instruction', make: (js) => `<? x="><img src=x onerror=${js}>">` },
  { family: 'mutation', name: 'listing with entities', make: (js) => `<listing>&lt;img src=x onerror=${js}&gt;</listing>` },
  { family: 'mutation', name: 'svg foreignObject srcdoc', make: (js) => `<svg><foreignObject><iframe srcdoc="&lt;script&gt;${js}&lt;/script&gt;"></iframe></foreignObject></svg>` },

  // Breaking out of the attribute or element a title is written into.
  { family: 'breakout', name: 'double-quote breakout svg', make: (js) => `"><svg onload=${js}>` },
  { family: 'breakout', name: 'single-quote breakout img', make: (js) => `'><img src=x onerror=${js}>` },
  { family: 'breakout', name: 'close title then script', make: (js) => `</title><script>${js}</script>` },
  { family: 'breakout', name: 'close textarea then script', make: (js) => `</textarea><script>${js}</script>` },
  { family: 'breakout', name: 'close script then script', make: (js) => `</script><script>${js}</script>` },
  { family: 'breakout', name: 'close script with space', make: (js) => `</ScRiPt ><img src=x onerror=${js}>` },
  { family: 'breakout', name: 'value attribute handler', make: (js) => `" autofocus onfocus=${js} x="` },
  { family: 'breakout', name: 'single-quoted attribute handler', make: (js) => `' onmouseover=${js} x='` },
  { family: 'breakout', name: 'JSON string breakout', make: (js) => `\\"}]</script><img src=x onerror=${js}>` },
  { family: 'breakout', name: 'template literal', make: (js) => `\${${js}}` },
  { family: 'breakout', name: 'client template expression', make: (js) => `{{constructor.constructor(\`${js}\`)()}}` },

  // Elements that change the whole document.
  { family: 'document', name: 'base href javascript:', make: (js) => `<base href="javascript:${js}//">` },
  { family: 'document', name: 'meta refresh javascript:', make: (js) => `<meta http-equiv="refresh" content="0;url=javascript:${js}">` },
  { family: 'document', name: 'meta refresh data:', make: (js) => `<meta http-equiv="refresh" content="0;url=data:text/html,<script>${js}</script>">` },
  { family: 'document', name: 'link stylesheet javascript:', make: (js) => `<link rel="stylesheet" href="javascript:${js}">` },

  // CSS that runs or loads something.
  { family: 'css', name: 'style url(javascript:)', make: (js) => `<div style="background:url(javascript:${js})">x</div>` },
  { family: 'css', name: 'style url(&quot;javascript:&quot;)', make: (js) => `<div style="background-image:url(&quot;javascript:${js}&quot;)">x</div>` },
  { family: 'css', name: 'style expression()', make: (js) => `<div style="width:expression(${js})">x</div>` },
  { family: 'css', name: 'style escaped expression()', make: (js) => `<div style="width:\\65 xpression(${js})">x</div>` },
  { family: 'css', name: 'style commented expression()', make: (js) => `<div style="width:exp/**/ression(${js})">x</div>` },
  { family: 'css', name: 'style element @import', make: (js) => `<style>@import "javascript:${js}";</style>` },
  { family: 'css', name: 'td background javascript:', make: (js) => `<table><tr><td background="javascript:${js}">x</td></tr></table>` },

  // Shortcodes (plain text to the sanitiser, expanded by the public site).
  { family: 'shortcode', name: 'gallery_slider id with handler', make: (js) => `[gallery_slider id="1 onerror=${js}"]` },
  { family: 'shortcode', name: 'gallery_slider extra attribute', make: (js) => `[gallery_slider id="1" onerror="${js}"]` },
  { family: 'shortcode', name: 'gallery_slider quote breakout', make: (js) => `[gallery_slider id="1"><img src=x onerror=${js}>"]` },
  { family: 'shortcode', name: 'caption around img', make: (js) => `[caption id="x"]<img src=x onerror=${js}>[/caption]` },
  { family: 'shortcode', name: 'embed javascript:', make: (js) => `[embed]javascript:${js}[/embed]` },

  // Markup written as entities: harmless once, an injection if anything decodes it twice.
  { family: 'encoded', name: 'entity-encoded img', make: (js) => `&lt;img src=x onerror=${js}&gt;` },
  { family: 'encoded', name: 'entity-encoded script', make: (js) => `&lt;script&gt;${js}&lt;/script&gt;` },
  { family: 'encoded', name: 'double-encoded img', make: (js) => `&amp;lt;img src=x onerror=${js}&amp;gt;` },
];

export interface XssPayload {
  /** Unique: what the payload's body reports if it runs. */
  id: number;
  vector: string;
  family: VectorFamily;
  body: string;
  html: string;
  /** The markup with the id left out (written as 0): what makes two payloads distinct. */
  shape: string;
}

/** Ids start high so that no page number, count or date part is mistaken for a hit. */
const FIRST_ID = 700_001;

/** Bodies every vector gets: the detector called directly, and a dialog. */
const ALWAYS = 2;
/** Further bodies per vector, taken in turn from the rest: every body meets every family. */
const ROTATING_PER_VECTOR = 2;

/**
 * Each vector with the two plain bodies and two of the evasive ones in turn: every vector x body
 * pair would be 900 payloads (60,000 characters, about 130 items to open in the browser) for
 * little more coverage, since the evasive bodies only matter once some markup runs at all.
 */
function bodiesFor(vectorIndex: number): Body[] {
  const rest = BODIES.slice(ALWAYS);
  const picked = Array.from({ length: ROTATING_PER_VECTOR }, (_, k) => rest[(vectorIndex * ROTATING_PER_VECTOR + k) % rest.length]);
  return [...BODIES.slice(0, ALWAYS), ...picked.filter((body): body is Body => body !== undefined)];
}

function buildCorpus(): XssPayload[] {
  const payloads: XssPayload[] = [];
  for (const [index, vector] of VECTORS.entries()) {
    for (const body of bodiesFor(index)) {
      const id = FIRST_ID + payloads.length;
      payloads.push({ id, vector: vector.name, family: vector.family, body: body.name, html: vector.make(body.make(id)), shape: vector.make(body.make(0)) });
    }
  }
  return payloads;
}

export const XSS_CORPUS: readonly XssPayload[] = buildCorpus();

/**
 * Payloads whose markup differs in more than their id: the figure the issue's "at least 300
 * distinct payloads" is about (the unique ids alone would make any list distinct).
 */
export function distinctPayloadCount(corpus: readonly XssPayload[] = XSS_CORPUS): number {
  return new Set(corpus.map((p) => p.shape)).size;
}

export const XSS_CORPUS_SIZE = XSS_CORPUS.length;

/**
 * Positive controls: every body in a plain `<img onerror>` with ids of their own, for a page
 * without the portal's sanitiser and policy. The spec runs them to show that each body really
 * reaches the detector or a dialog when it runs, so zero hits elsewhere means zero executions.
 */
export function controlPayloads(): XssPayload[] {
  const firstId = 900_001;
  return BODIES.map((body, index) => {
    const make = (id: number) => `<img src="x" onerror="${body.make(id)}">`;
    const id = firstId + index;
    return { id, vector: 'control img onerror', family: 'handler', body: body.name, html: make(id), shape: make(0) };
  });
}

const byId = new Map(XSS_CORPUS.map((p) => [p.id, p]));

/** The payload with this id, for reports. */
export function payloadById(id: number): XssPayload | undefined {
  return byId.get(id);
}
