// A workflow status as a coloured pill: the status colour as a dot and tint, the name as text, so
// the colour is never the only carrier of meaning.
import type { CSSProperties } from 'react';

export interface StatusPillProps {
  status: { name: string; color: string; complete?: boolean } | null | undefined;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function StatusPill({ status }: StatusPillProps) {
  if (!status) return <span className="status-pill status-pill--none">No status</span>;
  // Colours come from the service; anything that is not a plain hex colour is ignored.
  const color = HEX.test(status.color) ? status.color : '#8a94a6';
  const style: CSSProperties & Record<'--pill-color', string> = { '--pill-color': color };
  return (
    <span className="status-pill" style={style} title={status.complete ? `${status.name} (complete)` : status.name}>
      <span className="status-pill__dot" aria-hidden="true" />
      {status.name}
    </span>
  );
}
