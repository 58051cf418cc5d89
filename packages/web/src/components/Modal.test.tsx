import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal";

/** A page with an opener button; the dialog shows while `open`, as the prompt host does. */
function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Opener
      </button>
      {open && (
        <Modal
          title="Rename"
          onClose={close}
          testId="prompt-test"
          footer={
            <>
              <button type="button" onClick={close}>
                Cancel
              </button>
              <button type="button" className="button--primary">
                Confirm
              </button>
            </>
          }
        >
          <input name="name" aria-label="Name" />
        </Modal>
      )}
    </>
  );
}

function openFromButton(onClose?: () => void) {
  render(<Page onClose={onClose} />);
  const opener = screen.getByRole("button", { name: "Opener" });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByTestId<HTMLDialogElement>("prompt-test");
  return { opener, dialog };
}

describe("Modal", () => {
  it("is a native dialog opened as modal, with the focus on its first field", () => {
    const { dialog } = openFromButton();
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog.open).toBe(true);
    expect(screen.getByRole("dialog", { name: "Rename" })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
  });

  it("keeps Tab inside: past the last button comes the first field, and back", () => {
    const { dialog } = openFromButton();
    const input = screen.getByRole("textbox", { name: "Name" });
    const confirm = screen.getByRole("button", { name: "Confirm" });

    confirm.focus();
    const forward = fireEvent.keyDown(confirm, { key: "Tab" });
    expect(forward).toBe(false);
    expect(document.activeElement).toBe(input);

    const backward = fireEvent.keyDown(input, { key: "Tab", shiftKey: true });
    expect(backward).toBe(false);
    expect(document.activeElement).toBe(confirm);

    // Between the ends the browser moves the focus itself.
    input.focus();
    expect(fireEvent.keyDown(input, { key: "Tab" })).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("Escape (the cancel event) is stopped and asks the owner, which closes it", () => {
    const onClose = vi.fn();
    const { opener, dialog } = openFromButton(onClose);
    const cancel = new Event("cancel", { cancelable: true });
    act(() => void dialog.dispatchEvent(cancel));
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByTestId("prompt-test")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("a dialog the browser closes by itself is reported once", () => {
    const onClose = vi.fn();
    const { dialog } = openFromButton(onClose);
    act(() => {
      dialog.dispatchEvent(new Event("cancel", { cancelable: false }));
      dialog.close();
    });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByTestId("prompt-test")).toBeNull();
  });

  it("gives the focus back to the opener when a button closes it", () => {
    const onClose = vi.fn();
    const { opener } = openFromButton(onClose);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
  });

  it("a press on the backdrop closes, a press inside the card does not", () => {
    const onClose = vi.fn();
    const { dialog } = openFromButton(onClose);
    vi.spyOn(dialog, "getBoundingClientRect").mockReturnValue(new DOMRect(100, 100, 300, 200));
    fireEvent.mouseDown(dialog, { clientX: 150, clientY: 150 });
    fireEvent.mouseDown(screen.getByRole("textbox"), { clientX: 10, clientY: 10 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog, { clientX: 10, clientY: 10 });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
