const UNITS = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"] as const;

/**
 * Human-readable size in binary units with two decimals (SPEC.md §5, §9): 1 KiB = 1024 bytes.
 * We print the IEC names (KiB, MiB, …) rather than File Browser's "KB" for the same 1024
 * multiple, so the number is never mistaken for a decimal kilobyte. Below 1 KiB the exact
 * byte count is shown without decimals ("512 B").
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 B";
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // 1023.999 KiB would print as "1024.00 KiB": move to the next unit instead.
  if (Number(value.toFixed(2)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}
