import type { ResourceType } from "@scriptorium/shared";

/** Types the share page can show in the browser. */
export const PREVIEWABLE: ReadonlySet<ResourceType> = new Set(["image", "audio", "video"]);

interface ShareMediaProps {
  type: ResourceType;
  /** The file served inline. */
  src: string;
  name: string;
}

/** An image, audio or video file of a link, in the browser's own elements. */
export function ShareMedia({ type, src, name }: ShareMediaProps) {
  if (type === "image") {
    return (
      <img
        className="share-media share-media--image"
        src={src}
        alt={name}
        data-testid="share-preview-image"
      />
    );
  }
  if (type === "audio") {
    return (
      <audio
        className="share-media share-media--audio"
        src={src}
        controls
        preload="metadata"
        data-testid="share-preview-audio"
      />
    );
  }
  if (type === "video") {
    return (
      <video
        className="share-media share-media--video"
        src={src}
        controls
        preload="metadata"
        data-testid="share-preview-video"
      />
    );
  }
  return null;
}
