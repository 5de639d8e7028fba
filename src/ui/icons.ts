/**
 * The inline Tabler outline icons the shell uses (Icon.astro), read once when the server starts:
 * only the icons listed in the glob are bundled.
 */
const files = import.meta.glob<string>(
  '/node_modules/@tabler/icons/icons/outline/{home,world,device-mobile,mail,cloud,user,lifebuoy,menu-2,calendar,bell,settings,logout,check,x,chevron-down,external-link,lock,alert-triangle,users,apps,circle-check,circle-x}.svg',
  { query: '?raw', import: 'default', eager: true },
);

const PREFIX = '/node_modules/@tabler/icons/icons/outline/';

/** The icons' SVG sources by name ('home', 'menu-2', ...). */
const sources = new Map(Object.entries(files).map(([file, raw]) => [file.slice(PREFIX.length, -'.svg'.length), raw]));

/** Each (name, size, class) written once: the pages ask for a few dozen combinations, always the same. */
const rendered = new Map<string, string>();
const MAX_RENDERED = 500;

/** An icon's SVG at `size` pixels, with the class `icon <className>`, hidden from assistive technology. */
export function iconSvg(name: string, size: number, className: string): string {
  const key = `${name}\u0000${size}\u0000${className}`;
  let svg = rendered.get(key);
  if (svg === undefined) {
    const raw = sources.get(name);
    if (raw === undefined) throw new Error(`Unknown icon: ${name}`);
    svg = raw
      .replace(/width="24"/, `width="${size}"`)
      .replace(/height="24"/, `height="${size}"`)
      .replace(/class="[^"]*"/, `class="icon ${className}" aria-hidden="true" focusable="false"`);
    if (rendered.size >= MAX_RENDERED) rendered.clear();
    rendered.set(key, svg);
  }
  return svg;
}
