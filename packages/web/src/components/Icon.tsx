import type { Item, ResourceType } from "@scriptorium/shared";
import { ICON_PATHS } from "./icon-paths";

export type IconName = keyof typeof ICON_PATHS;

/** Icons whose meaning follows the reading direction: they flip in RTL (CSS). */
const DIRECTIONAL: ReadonlySet<IconName> = new Set([
  "chevron",
  "chevronBack",
  "logout",
  "login",
  "move",
  "parentFolder",
]);

const TYPE_ICONS: Record<ResourceType, IconName> = {
  "": "folder",
  text: "fileText",
  textImmutable: "fileText",
  image: "fileImage",
  audio: "fileAudio",
  video: "fileVideo",
  pdf: "filePdf",
  blob: "file",
  invalid_link: "brokenLink",
};

/** The icon of an item's type (listing rows, the preview's file card). */
export function typeIcon(item: Pick<Item, "isDir" | "type">): IconName {
  return item.isDir ? "folder" : TYPE_ICONS[item.type];
}

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
}

export function Icon({ name, size = 24, className, label }: IconProps) {
  const classes = ["icon", DIRECTIONAL.has(name) ? "icon--directional" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <svg
      className={classes}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
