import { describe, expect, it } from 'vitest';
import { missingProduct, productsOf } from '../../src/lib/products';
import { linkState } from '../../src/lib/menu';
import { PRODUCT_GATES } from '../../src/app/shell-modules';
import type { Products } from '../../src/lib/contract/shell';

const NONE: Products = { hapara: false, newsletter: false, builder: false, website: false, app: false };
const ALL: Products = { hapara: true, newsletter: true, builder: true, website: true, app: true };
const only = (p: Partial<Products>): Products => ({ ...NONE, ...p });

describe('missingProduct', () => {
  it.each([
    ['/website', 'website'],
    ['/website/posts', 'website'],
    ['/app/send', 'app'],
    ['/app', 'app'],
    ['/hapara/studentlist', 'hapara'],
    ['/newsletter/manage/list', 'newsletter'],
  ] as const)('%s needs %s', (path, product) => {
    expect(missingProduct(PRODUCT_GATES, path, NONE)).toBe(product);
    expect(missingProduct(PRODUCT_GATES, path, only({ [product]: true }))).toBeNull();
    expect(missingProduct(PRODUCT_GATES, path, ALL)).toBeNull();
  });

  it('asks for the builder flag under /newsletter/send/builder when the newsletter is on', () => {
    expect(missingProduct(PRODUCT_GATES, '/newsletter/send/builder', only({ newsletter: true }))).toBe('builder');
    expect(missingProduct(PRODUCT_GATES, '/newsletter/send/builder/load/3', only({ newsletter: true }))).toBe('builder');
  });

  it('asks for the newsletter under /newsletter/send/builder when only the builder flag is on', () => {
    expect(missingProduct(PRODUCT_GATES, '/newsletter/send/builder', only({ builder: true }))).toBe('newsletter');
  });

  it('opens the builder with both flags', () => {
    expect(missingProduct(PRODUCT_GATES, '/newsletter/send/builder', only({ newsletter: true, builder: true }))).toBeNull();
  });

  it('does not ask for the builder elsewhere in the newsletter', () => {
    expect(missingProduct(PRODUCT_GATES, '/newsletter/send/simple', only({ newsletter: true }))).toBeNull();
    expect(missingProduct(PRODUCT_GATES, '/newsletter/send/builderx', only({ newsletter: true }))).toBeNull();
  });

  it.each(['/home', '/account/products', '/support/tickets', '/websites', '/apple', '/haparasomething', '/', ''])(
    'leaves %j open to a school with no products',
    (path) => {
      expect(missingProduct(PRODUCT_GATES, path, NONE)).toBeNull();
    },
  );

  it('ignores the other flags of a path’s product', () => {
    expect(missingProduct(PRODUCT_GATES, '/website/posts', only({ app: true, hapara: true, newsletter: true, builder: true }))).toBe('website');
  });
});

describe('productsOf', () => {
  it('turns stored 0/1 flags into booleans', () => {
    expect(productsOf({ hapara: 1, newsletter: 0, builder: 0, website: 1, app: 0 })).toEqual(
      only({ hapara: true, website: true }),
    );
  });
});

describe("the shell's links (linkState: the sidebar's and the Quick Links' one rule)", () => {
  const everywhere = () => true;

  it("greys a page of a product the school lacks ('not-activated'), and leaves the others open", () => {
    const school = { gates: PRODUCT_GATES, products: only({ newsletter: true }), pageAvailable: everywhere };
    expect(linkState('/website/posts', school)).toBe('not-activated');
    expect(linkState('/newsletter/send/builder', school)).toBe('not-activated');
    expect(linkState('/newsletter/manage/list', school)).toBe('open');
    expect(linkState('/account/profile', school)).toBe('open');
    expect(linkState('/website/posts?page=2', school)).toBe('not-activated');
  });

  it('hides a page the backend cannot show, whatever the products (upstream mode)', () => {
    const upstream = (products: Products) => ({ gates: PRODUCT_GATES, products, pageAvailable: (path: string) => path !== '/account/profile' && path !== '/app/send' });
    expect(linkState('/account/profile', upstream(ALL))).toBe('hidden');
    expect(linkState('/app/send', upstream(NONE))).toBe('hidden');
    expect(linkState('/app/managestaff', upstream(NONE))).toBe('not-activated');
    expect(linkState('/app/managestaff', upstream(ALL))).toBe('open');
  });
});
