// A QR code drawn as SVG from the matrix of the `qrcode` library (decision 0911): one path of dark
// modules, a white quiet zone of 4 modules; no markup from outside is ever inserted.
import { create } from 'qrcode';

const QUIET = 4;

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let d = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (modules.get(y, x)) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
  }
  const full = size + QUIET * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${full} ${full}`}
      shapeRendering="crispEdges"
      className={className}
      data-qr={text}
    >
      <rect width={full} height={full} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
