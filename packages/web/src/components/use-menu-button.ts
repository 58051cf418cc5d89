import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

/**
 * A menu button's behaviour (APG menu button): the first item gets the focus when the menu
 * opens, a press outside the button and the menu closes it, arrows move (round), Home/End go to
 * the ends, Escape closes it and gives the focus back to the button, Tab closes it. `items` is
 * the selector of the menu's focusable items.
 */
export function useMenuButton(items: string) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const list = () => [...(menu.current?.querySelectorAll<HTMLElement>(items) ?? [])];

  useEffect(() => {
    if (!open) return;
    list()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const all = list();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      all[moves[event.key] as number]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    }
  };

  return {
    open,
    toggle: () => setOpen((value) => !value),
    close,
    id,
    button,
    menu,
    onKeyDown,
  };
}
