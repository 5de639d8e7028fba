import { StrokeIcon } from '../../../../../ui/islands/StrokeIcon';

/** The builder's toolbar icons: Tabler's outline set drawn inline (no icon font ships). */
const PATHS = {
  up: 'M12 5v14M18 11l-6-6M6 11l6-6',
  down: 'M12 5v14M18 13l-6 6M6 13l6 6',
  duplicate: 'M8 10a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2zM16 8v-2a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2',
  delete: 'M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7v-3a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3',
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7h-6zM13 12h1a3.5 3.5 0 0 1 0 7h-7v-7',
  italic: 'M11 5h6M7 19h6M14 5l-4 14',
  underline: 'M7 5v5a5 5 0 0 0 10 0v-5M5 19h14',
  link: 'M9 15l6-6M11 6l.463-.536a5 5 0 0 1 7.071 7.072l-.534.464M13 18l-.397.534a5.068 5.068 0 0 1-7.127 0a4.972 4.972 0 0 1 0-7.071l.524-.463',
  list: 'M9 6h11M9 12h11M9 18h11M5 6v.01M5 12v.01M5 18v.01',
  numbers: 'M11 6h9M11 12h9M12 18h8M4 16a2 2 0 1 1 4 0c0 .591-.5 1-1 1.5l-3 2.5h4M6 10v-6l-2 2',
  alignLeft: 'M4 6h16M4 12h10M4 18h14',
  alignCenter: 'M4 6h16M8 12h8M6 18h12',
  alignRight: 'M4 6h16M10 12h10M6 18h14',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return <StrokeIcon d={PATHS[name]} className="nb-icon" />;
}
