/** SPEC.md §9: the speed unit is the MB of 1024 × 1024 bytes. */
export const MB = 1024 * 1024;
/** SPEC.md §9: the speed is sampled every second… */
export const SPEED_SAMPLE_MS = 1000;
/** …averaged over the last 5 samples… */
const SAMPLE_WINDOW = 5;
/** …and smoothed: 0.2 of the new average, 0.8 of the previous speed. */
const NEW_WEIGHT = 0.2;

export interface SpeedState {
  /** Bytes sent when the last sample was taken. */
  bytes: number;
  /** Time (ms) of the last sample. */
  time: number;
  /** The last few raw speeds, MB/s, oldest first. */
  samples: number[];
  /** The smoothed speed, MB/s. */
  speed: number;
}

export function startSpeed(bytes: number, time: number): SpeedState {
  return { bytes, time, samples: [], speed: 0 };
}

/** Takes a sample: `bytes` sent in total by `time` (ms). */
export function sampleSpeed(state: SpeedState, bytes: number, time: number): SpeedState {
  const seconds = (time - state.time) / 1000;
  if (!(seconds > 0)) return state;
  // Bytes can go back when an aborted upload leaves the totals: that is not negative speed.
  const current = Math.max(0, bytes - state.bytes) / MB / seconds;
  const samples = [...state.samples, current].slice(-SAMPLE_WINDOW);
  const average = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  const speed = average * NEW_WEIGHT + state.speed * (1 - NEW_WEIGHT);
  return { bytes, time, samples, speed };
}

/** Seconds left at `speed` MB/s, or null when that cannot be known (no speed yet). */
export function etaSeconds(remainingBytes: number, speed: number): number | null {
  if (!(speed > 0) || !Number.isFinite(speed)) return null;
  return Math.max(0, remainingBytes) / (speed * MB);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** hh:mm:ss (hours grow past 99 if needed), or "--:--:--" when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return "--:--:--";
  const total = Math.ceil(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${pad(h)}:${pad(m)}:${pad(total % 60)}`;
}

/** "12.34" — MB/s with two decimals. */
export function formatSpeed(speed: number): string {
  return (Number.isFinite(speed) && speed > 0 ? speed : 0).toFixed(2);
}

/** Whole percent of the bytes sent; 0 when there is nothing to send. */
export function percentDone(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((sent / total) * 100));
}
