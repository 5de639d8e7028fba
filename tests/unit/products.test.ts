import { describe, expect, it } from 'vitest';
import { missingProduct, productsOf } from '../../src/lib/products';
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
