import { create } from "zustand";

/** SPEC.md §4 Buttons: a spinner while the work runs, then a success icon for a moment. */
export type ActionStatus = "busy" | "done";

/** How long the success icon stays. */
export const DONE_MS = 1500;

interface StatusState {
  status: Readonly<Record<string, ActionStatus>>;
}

export const useActionStatusStore = create<StatusState>()(() => ({ status: {} }));

const running = new Map<string, number>();
const doneTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setStatus(id: string, status: ActionStatus | undefined) {
  useActionStatusStore.setState((state) => {
    const next = { ...state.status };
    if (status) next[id] = status;
    else delete next[id];
    return { status: next };
  });
}

/**
 * Shows `work` on the buttons of action `id` (header and selection bar): busy until it
 * settles, then the success icon when it succeeded. The result or error passes through.
 */
export async function trackAction<T>(id: string, work: Promise<T>): Promise<T> {
  clearTimeout(doneTimers.get(id));
  running.set(id, (running.get(id) ?? 0) + 1);
  setStatus(id, "busy");
  let ok = false;
  try {
    const result = await work;
    ok = true;
    return result;
  } finally {
    const left = (running.get(id) ?? 1) - 1;
    if (left > 0) running.set(id, left);
    else {
      running.delete(id);
      setStatus(id, ok ? "done" : undefined);
      if (ok)
        doneTimers.set(
          id,
          setTimeout(() => setStatus(id, undefined), DONE_MS),
        );
    }
  }
}

/** The button state of action `id`, if its work is running or just succeeded. */
export function getActionStatus(id: string): ActionStatus | undefined {
  return useActionStatusStore.getState().status[id];
}

export const useActionStatus = (id: string) => useActionStatusStore((state) => state.status[id]);
