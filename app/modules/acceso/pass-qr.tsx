import { useMemo } from 'react';
import { qrPath } from '#app/reports/qr-path.ts';

/** A QR of `text` on screen and on paper: what the gate's camera reads from a printed pass or a phone. */
export function PassQr({ text, label }: { text: string; label: string }) {
  const { path, side } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className="pass-qr" role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
