import type { CSSProperties } from 'react';
import type { Block, BlockSettings } from '../../../builder-rules';

/**
 * The canvas' approximation of a block's settings (the email's real layout is the server's
 * render, shown by Preview): the box around every block, and each type's own parts.
 */
export function boxStyle(block: Block): CSSProperties {
  const s = block.settings;
  const framed = block.type !== 'divider' && s.border > 0 && s.borderColor !== '';
  return {
    padding: `${s.padding.top}px ${s.padding.right}px ${s.padding.bottom}px ${s.padding.left}px`,
    margin: `${s.margin}px 0`,
    border: framed ? `${s.border}px solid ${s.borderColor}` : undefined,
    borderRadius: s.borderRadius ? `${s.borderRadius}px` : undefined,
    backgroundColor: s.backgroundColor || undefined,
  };
}

export function imageStyle(s: BlockSettings): CSSProperties {
  return {
    width: `${s.width}%`,
    height: s.height > 0 ? `${s.height}px` : 'auto',
    objectFit: s.imageFit,
    borderRadius: s.borderRadius ? `${s.borderRadius}px` : undefined,
  };
}

export function dividerStyle(s: BlockSettings): CSSProperties {
  return {
    width: `${s.width}%`,
    borderTop: s.showDivider && s.border > 0 ? `${s.border}px solid ${s.borderColor || '#d5dce5'}` : '0 solid transparent',
  };
}

/** The two cells' widths (twelfths) and the lines around and between them. */
export function columnsStyle(s: BlockSettings): {
  grid: CSSProperties;
  cell: (index: 0 | 1) => CSSProperties;
} {
  const [left, right] = s.columnSize.split(',').map(Number) as [number, number];
  const colour = s.borderColor || '#d5dce5';
  return {
    grid: { gridTemplateColumns: `${left}fr ${right}fr` },
    cell: (index) => ({
      border: s.borderColumn > 0 ? `${s.borderColumn}px solid ${colour}` : undefined,
      borderLeft: index === 1 && s.borderCenter > 0 ? `${s.borderCenter}px solid ${colour}` : undefined,
    }),
  };
}
