/**
 * Icons the preview and the editor need beyond components/Icon, drawn the same way (24×24
 * grid, stroke 2, round joins).
 */
const PATHS = {
  download: "M12 4v11M7 10.5l5 5 5-5M5 20h14",
  external: "M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4",
  zoomIn:
    "M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.3 15.3 20 20M10.5 7.8v5.4M7.8 10.5h5.4",
  zoomOut: "M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.3 15.3 20 20M7.8 10.5h5.4",
  fit: "M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4",
  previous: "M15 6l-6 6 6 6",
  next: "M9 6l6 6-6 6",
} as const;

export type PreviewIconName = keyof typeof PATHS;

/** Icons that point along the reading direction and so flip in right-to-left layouts. */
const DIRECTIONAL: ReadonlySet<PreviewIconName> = new Set(["previous", "next"]);

export function PreviewIcon({ name, size = 24 }: { name: PreviewIconName; size?: number }) {
  return (
    <svg
      className={DIRECTIONAL.has(name) ? "icon icon--directional" : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
