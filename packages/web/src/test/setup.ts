import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import "../i18n";

afterEach(() => {
  cleanup();
  delete window.FileBrowser;
  localStorage.clear();
});
