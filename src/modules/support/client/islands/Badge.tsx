import { badgeTextColour } from '../../rules';
import type { Badge } from '../../helpdesk-contract';

/**
 * A priority or status badge in its colour from the helpdesk's data, its text black or white,
 * whichever contrasts more (at least 4.5:1 either way). `label` names what it is for screen
 * readers ('Priority', 'Status') where no column header does.
 */
export function TicketBadge({ badge, label }: { badge: Badge; label?: string }) {
  return (
    <span className="badge ticket-badge" style={{ backgroundColor: badge.colour, color: badgeTextColour(badge.colour) }}>
      {label ? <span className="visually-hidden">{label}: </span> : null}
      {badge.name}
    </span>
  );
}
