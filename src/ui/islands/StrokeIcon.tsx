/**
 * A line icon on a 24-unit grid drawn with the text's colour (Tabler's style): one path. Always a
 * picture beside a name the control carries itself, so hidden from assistive technology.
 */
export function StrokeIcon({ d, className, size }: { d: string; className?: string; size?: number }) {
  return (
    <svg
      className={className}
      {...(size === undefined ? {} : { width: size, height: size })}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
