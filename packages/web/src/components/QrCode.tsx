import qrcode from "qrcode-generator";
import { useMemo } from "react";

export type QrLevel = "L" | "M" | "Q" | "H";

interface QrCodeProps {
  /** The text the code carries (a share link). */
  value: string;
  /** Width and height in CSS pixels. */
  size: number;
  /** Error-correction level; M restores ~15 % of a damaged code. */
  level?: QrLevel;
  /** Accessible name; defaults to a description naming the value. */
  label?: string;
}

/** Light modules kept around the code: readers need this quiet zone. */
const QUIET_ZONE = 4;

/** One SVG path drawing every dark module as a 1×1 square, in module units. */
export function qrPath(value: string, level: QrLevel = "M"): { path: string; modules: number } {
  const code = qrcode(0, level);
  code.addData(value, "Byte");
  code.make();
  const modules = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (code.isDark(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { path: parts.join(""), modules };
}

/** A QR code drawn as an SVG: crisp at any size, black on white in every theme. */
export function QrCode({ value, size, level = "M", label }: QrCodeProps) {
  const { path, modules } = useMemo(() => qrPath(value, level), [value, level]);
  const side = modules + 2 * QUIET_ZONE;
  const name = label ?? `QR code: ${value}`;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={name}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title>{name}</title>
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
