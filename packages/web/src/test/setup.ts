import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import "../i18n";

/*
 * jsdom's HTMLDialogElement has `open` but not its methods: showModal() and close() here only
 * toggle `open` and fire `close`, as the browser does; inertness and the top layer are left to the
 * browser tests.
 */
const dialog = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
if (!("showModal" in dialog)) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
}

afterEach(() => {
  cleanup();
  delete window.FileBrowser;
  localStorage.clear();
});
