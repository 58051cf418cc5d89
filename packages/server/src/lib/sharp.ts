import type SharpModule from "sharp";

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips), loaded at the first image that needs it: it adds about 30 MiB to the
 * process and time to the start, and many servers never make a preview.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // libvips caches decoded images by file name: a file changed in place must be decoded again.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
