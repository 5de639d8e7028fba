import type { ProductKey, Products } from '../contracts/shell';

/** Display names, in the order the My Products table lists them. */
export const PRODUCT_NAMES: ReadonlyArray<{ key: ProductKey; name: string }> = [
  { key: 'hapara', name: 'Learning in the Cloud' },
  { key: 'newsletter', name: 'Newsletter' },
  { key: 'builder', name: 'Newsletter Builder' },
  { key: 'website', name: 'Website' },
  { key: 'app', name: 'App' },
];

/** Route prefixes and the product flags they need, most specific first. */
const GATES: ReadonlyArray<{ prefix: string; products: ProductKey[] }> = [
  { prefix: '/newsletter/send/builder', products: ['newsletter', 'builder'] },
  { prefix: '/hapara', products: ['hapara'] },
  { prefix: '/newsletter', products: ['newsletter'] },
  { prefix: '/website', products: ['website'] },
  { prefix: '/app', products: ['app'] },
];

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The first product a path needs that the school lacks, or null when the path is open to it. */
export function missingProduct(pathname: string, products: Products): ProductKey | null {
  const gate = GATES.find((g) => matches(pathname, g.prefix));
  return gate?.products.find((p) => !products[p]) ?? null;
}

/** Converts stored 0/1 flags to booleans. */
export function productsOf(row: Record<ProductKey, number | boolean>): Products {
  return {
    hapara: Boolean(row.hapara),
    newsletter: Boolean(row.newsletter),
    builder: Boolean(row.builder),
    website: Boolean(row.website),
    app: Boolean(row.app),
  };
}
