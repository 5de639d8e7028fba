import type { Block, Build } from '../builder-contract';

/** A build as the spec writes blocks (section 3): type, data and settings (its index among them), no id. */
export function specBlocks(build: Build): unknown {
  const strip = (block: Block, index: number): unknown => ({
    type: block.type,
    data: block.type === 'columns' ? { elements: block.data.elements.map((cell) => cell.map(strip)) } : block.data,
    settings: { ...block.settings, index },
  });
  return build.map((list) => list.map(strip));
}
