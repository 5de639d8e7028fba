import type { ProductKey, Products } from './contract/shell';

/** Display names, in the order the My Products table lists them. */
export const PRODUCT_NAMES: ReadonlyArray<{ key: ProductKey; name: string }> = [
  { key: 'hapara', name: 'Learning in the Cloud' },
  { key: 'newsletter', name: 'Newsletter' },
  { key: 'builder', name: 'Newsletter Builder' },
  { key: 'website', name: 'Website' },
  { key: 'app', name: 'App' },
];

/** Product flags a path needs: its pages (`/website/...`) and its calls (`/api/website/...`) alike. */
export interface ProductGate {
  prefix: string;
  products: ProductKey[];
}

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The first product a path needs that the school lacks, or null when the path is open to it.
 * `gates` come from the modules' manifests, most specific first (src/app/modules.ts).
 */
export function missingProduct(gates: readonly ProductGate[], pathname: string, products: Products): ProductKey | null {
  const gate = gates.find((g) => matches(pathname, g.prefix));
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
