import type { LiveChange } from "@scriptorium/shared";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import { beginWrite } from "../../api/local-writes";
import { useAnnouncerStore } from "../../state/announcer";
import { selectByClick } from "../../state/selection-store";
import {
  OPERE,
  folder,
  item,
  renderAt,
  resetFilesPage,
  row,
  rows,
  selectedNames,
  tree,
} from "../files/files-test-harness";
import { FakeEventSource } from "./fake-event-source";
import { OWN_CHANGE_DELAY_MS } from "./LiveFolder";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

const NOW = new Date().toISOString();

/** The folder as the server has it once `name` arrived (with a time as recent as the change). */
function arrive(name: string) {
  tree["/Opere/"] = folder("/Opere/", [
    ...(OPERE.items ?? []),
    { ...item("/Opere/", name, false, "image"), modified: NOW },
  ]);
}

const send = (change: Partial<LiveChange>) =>
  act(() =>
    FakeEventSource.last().emit(
      "change",
      JSON.stringify({
        action: "upload",
        path: "/Opere/scan-3.jpg",
        user: "bruno",
        time: NOW,
        ...change,
      }),
    ),
  );

const listings = () =>
  vi.mocked(apiCall).mock.calls.filter(([name]) => name === "getResource").length;

beforeEach(() => {
  resetFilesPage();
  FakeEventSource.install();
  useAnnouncerStore.setState({ polite: "", assertive: "" });
});

afterEach(() => {
  vi.mocked(apiCall).mockReset();
  vi.unstubAllGlobals();
});

async function openOpere() {
  renderAt("/files/Opere/");
  await screen.findByTestId("listing");
  expect(FakeEventSource.all).toHaveLength(1);
  expect(FakeEventSource.last().url).toBe("/api/events");
}

describe("an open listing kept up to date", () => {
  it("shows a colleague's upload without a reload, keeps the selection and says so quietly", async () => {
    await openOpere();
    act(() => selectByClick("b.tex", ["b.tex"]));
    arrive("scan-3.jpg");
    send({});
    await waitFor(() => expect(row("scan-3.jpg")).toBeTruthy());
    expect(selectedNames()).toEqual(["b.tex"]);
    expect(screen.getByTestId("live-notice-text").textContent).toBe("bruno uploaded scan-3.jpg");
    // The visible line is for the eyes; screen readers hear the page's polite live region.
    expect(screen.getByTestId("live-notice").getAttribute("aria-hidden")).toBe("true");
    await waitFor(() =>
      expect(useAnnouncerStore.getState().polite).toBe("bruno uploaded scan-3.jpg"),
    );
  });

  it("counts further changes on the line it shows", async () => {
    await openOpere();
    send({ action: "delete", path: "/Opere/a.tex" });
    send({ action: "rename", path: "/Opere/b.tex", to: "/Opere/c.tex", user: "" });
    expect(screen.getByTestId("live-notice").textContent).toContain(
      "A visitor renamed b.tex to c.tex",
    );
    expect(screen.getByTestId("live-notice").textContent).toContain("+1");
  });

  it("leaves the listing alone for changes elsewhere", async () => {
    await openOpere();
    const before = listings();
    send({ path: "/Opere/Libro I/canto.tex" });
    send({ path: "/Altro/x.tex" });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listings()).toBe(before);
    expect(screen.queryByTestId("live-notice")).toBeNull();
  });

  it("says nothing of the user's own change that this tab already shows", async () => {
    arrive("scan-3.jpg");
    await openOpere();
    const before = listings();
    send({ user: "admin" });
    await new Promise((resolve) => setTimeout(resolve, OWN_CHANGE_DELAY_MS + 400));
    expect(listings()).toBe(before);
    expect(screen.queryByTestId("live-notice")).toBeNull();
  });

  it("shows the user's own change made in another tab", async () => {
    await openOpere();
    arrive("scan-3.jpg");
    send({ user: "admin" });
    await waitFor(() => expect(row("scan-3.jpg")).toBeTruthy(), {
      timeout: OWN_CHANGE_DELAY_MS + 1500,
    });
    expect(rows()).toHaveLength(6);
    expect(screen.getByTestId("live-notice-text").textContent).toBe("admin uploaded scan-3.jpg");
  });

  it("reloads quietly, without news, for a change this tab was making (an upload batch)", async () => {
    await openOpere();
    const before = listings();
    arrive("scan-3.jpg");
    // This tab's upload is still on its way when the server reports the first file.
    const end = beginWrite();
    send({ user: "admin" });
    await waitFor(() => expect(row("scan-3.jpg")).toBeTruthy(), {
      timeout: OWN_CHANGE_DELAY_MS + 1500,
    });
    end();
    expect(listings()).toBe(before + 1);
    expect(screen.queryByTestId("live-notice")).toBeNull();
    expect(useAnnouncerStore.getState().polite).toBe("");
  });

  it("reloads quietly when the stream comes back after a break", async () => {
    await openOpere();
    FakeEventSource.last().open();
    arrive("scan-3.jpg");
    act(() => FakeEventSource.last().fail());
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 2000 });
    act(() => FakeEventSource.last().open());
    await waitFor(() => expect(row("scan-3.jpg")).toBeTruthy());
    expect(screen.queryByTestId("live-notice")).toBeNull();
  });
});
