import { useState } from "react";

/** State of a form's fields: the value and a setter that changes some fields, keeping the rest. */
export function usePatchState<T extends object>(initial: T): [T, (fields: Partial<T>) => void] {
  const [value, setValue] = useState(initial);
  return [value, (fields) => setValue((current) => ({ ...current, ...fields }))];
}
