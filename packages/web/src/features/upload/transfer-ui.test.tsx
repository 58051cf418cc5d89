import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { unzipAction } from "../unzip/actions";
import { apiCall } from "../../api/client";
import { OPERE, renderAt, resetFilesPage, row } from "../files/files-test-harness";
import { PromptHost } from "../../prompts";
import "../../app/register-prompts";
import {
  enqueueUploads,
  LINGER_MS,
  resetUploads,
  setUploader,
  useUploadStore,
} from "./upload-store";
import type { UploadJob } from "../../api/upload-types";
import { UploadStatus } from "./UploadStatus";

vi.mock("../../api/client", () => ({
  apiCall: vi.fn(),
  apiUrl: (path: string) => path,
  reportUnauthorized: vi.fn(),
  requestTokenRenewal: vi.fn(),
}));

/** Jobs the page handed to the uploader, which never finishes them. */
let started: UploadJob[] = [];
const aborted: number[] = [];

function choose(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, "files", { value: files, configurable: true });
  fireEvent.change(input);
}

beforeEach(() => {
  resetFilesPage();
  resetUploads();
  started = [];
  aborted.length = 0;
  setUploader((job) => {
    started.push(job);
    return {
      done: new Promise(() => {}),
      abort: () => {
        aborted.push(job.id);
        return Promise.resolve();
      },
    };
  });
});

afterEach(() => {
  resetUploads();
  vi.mocked(apiCall).mockReset();
  vi.restoreAllMocks();
});

describe("upload from the listing", () => {
  it("asks before replacing a name that exists, then overwrites only that one", async () => {
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    choose(screen.getByTestId("upload-input-files"), [
      new File(["x"], "a.tex"),
      new File(["yy"], "nuovo.txt"),
    ]);
    const prompt = await screen.findByTestId("prompt-replace");
    expect(within(prompt).getByText("a.tex")).toBeTruthy();
    expect(within(prompt).queryByText("nuovo.txt")).toBeNull();
    fireEvent.click(within(prompt).getByTestId("replace-replace"));
    expect(started.map((job) => [job.path, job.overwrite, job.size])).toEqual([
      ["/Opere/a.tex", true, 1],
      ["/Opere/nuovo.txt", false, 2],
    ]);
  });

  it("skips the names that exist, or uploads nothing on cancel", async () => {
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    const input = screen.getByTestId("upload-input-files");
    choose(input, [new File(["x"], "b.tex"), new File(["y"], "c.tex")]);
    fireEvent.click(await screen.findByTestId("replace-skip"));
    expect(started.map((job) => job.path)).toEqual(["/Opere/c.tex"]);

    choose(input, [new File(["x"], "b.tex")]);
    fireEvent.click(await screen.findByTestId("replace-cancel"));
    expect(started).toHaveLength(1);
  });

  it("takes desktop drops with files, and leaves other drags alone", async () => {
    renderAt("/files/Opere/");
    const listing = await screen.findByTestId("listing");
    const other = { types: ["application/x-scriptorium-items"], files: [], items: [] };
    expect(fireEvent.dragOver(listing, { dataTransfer: other })).toBe(true);

    const files = [new File(["z"], "carta.txt")];
    const desktop = { types: ["Files"], files, items: [], dropEffect: "none" };
    // A handled dragover is cancelled: that is what lets the browser drop.
    expect(fireEvent.dragOver(listing, { dataTransfer: desktop })).toBe(false);
    fireEvent.drop(listing, { dataTransfer: desktop });
    await vi.waitFor(() => expect(started.map((job) => job.path)).toEqual(["/Opere/carta.txt"]));

    // Onto a folder: into that folder (its listing is asked for the replace check).
    vi.mocked(apiCall).mockResolvedValueOnce({ ...OPERE, path: "/Opere/Libro I/", items: [] });
    fireEvent.drop(row("Libro I"), { dataTransfer: desktop });
    await vi.waitFor(() => expect(started.at(-1)?.path).toBe("/Opere/Libro I/carta.txt"));
  });
});

describe("download", () => {
  it("Ctrl+S with nothing selected offers the formats for the folder on screen", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    fireEvent.keyDown(window, { key: "s", ctrlKey: true });
    fireEvent.click(await screen.findByTestId("download-format-tarxz"));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe("/api/raw/?files=%2FOpere%2F&algo=tarxz");
  });

  it("downloads one selected file directly", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    fireEvent.click(row("a.tex"));
    fireEvent.keyDown(window, { key: "s", ctrlKey: true });
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute("href")).toBe(
      "/api/raw/Opere/a.tex",
    );
    expect(screen.queryByTestId("prompt-download")).toBeNull();
  });
});

describe("unzip action", () => {
  const ctx = (names: string[], unzip = true) =>
    ({
      user: { perm: { unzip } },
      current: {
        path: "/in/",
        resource: {
          isDir: true,
          items: ["a.zip", "b.TAR.GZ", "c.txt", "d.zip"].map((name) => ({
            name,
            path: `/in/${name}`,
            isDir: false,
          })),
        },
      },
      selected: new Set(names),
    }) as never;

  it("is offered for one selected archive with the unzip permission", () => {
    expect(unzipAction.isVisible(ctx(["a.zip"]))).toBe(true);
    expect(unzipAction.isVisible(ctx(["b.TAR.GZ"]))).toBe(true);
    expect(unzipAction.isVisible(ctx(["c.txt"]))).toBe(false);
    expect(unzipAction.isVisible(ctx(["a.zip", "d.zip"]))).toBe(false);
    expect(unzipAction.isVisible(ctx([]))).toBe(false);
    expect(unzipAction.isVisible(ctx(["a.zip"], false))).toBe(false);
  });
});

describe("upload panel", () => {
  function renderStatus() {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    render(
      <QueryClientProvider client={client}>
        <UploadStatus />
        <PromptHost />
      </QueryClientProvider>,
    );
    return invalidate;
  }

  const file = (name: string, size: number) => ({
    path: `/Opere/${name}`,
    name,
    file: new Blob([new Uint8Array(size)]),
    overwrite: false,
    type: "file" as const,
    size,
  });

  it("shows count, percent, bytes, ETA and a bar per file; collapses", () => {
    renderStatus();
    act(() => enqueueUploads([file("a.bin", 1024), file("b.bin", 3072)]));
    expect(screen.getByTestId("upload-count").textContent).toBe("2 files");
    expect(screen.getByTestId("upload-percent").textContent).toBe("0%");
    expect(screen.getByTestId("upload-bytes").textContent).toBe("0 B of 4.00 KiB");
    expect(screen.getByTestId("upload-eta").textContent).toBe("ETA --:--:--");
    expect(screen.getByTestId("upload-progress").getAttribute("aria-valuenow")).toBe("0");
    const items = screen.getAllByTestId("upload-item");
    expect(items.map((el) => [el.dataset.name, el.dataset.state])).toEqual([
      ["a.bin", "active"],
      ["b.bin", "active"],
    ]);
    fireEvent.click(screen.getByTestId("upload-panel-toggle"));
    expect(screen.queryAllByTestId("upload-item")).toHaveLength(0);
    expect(screen.getByTestId("upload-panel-toggle").getAttribute("aria-expanded")).toBe("false");
  });

  it("shows each file's own speed and time left while it is sent", async () => {
    let report: (sent: number) => void = () => {};
    setUploader((job, progress) => {
      started.push(job);
      report = progress;
      return { done: new Promise(() => {}), abort: () => Promise.resolve() };
    });
    vi.useFakeTimers();
    try {
      renderStatus();
      act(() => enqueueUploads([file("tabula.png", 4 * 1024 * 1024)]));
      expect(screen.queryByTestId("upload-item-stats")).toBeNull();
      // 1 MiB in each of two seconds: the file's row says its speed and what is left.
      for (const sent of [1, 2]) {
        await act(() => vi.advanceTimersByTimeAsync(1000));
        act(() => report(sent * 1024 * 1024));
      }
      const stats = screen.getByTestId("upload-item-stats").textContent ?? "";
      expect(stats).toMatch(/^\d+\.\d\d MB\/s/);
      expect(stats).not.toMatch(/^0\.00 MB/);
      expect(stats).toMatch(/ETA 00:00:\d\d$/);
      expect(stats).not.toContain("--:--:--");
    } finally {
      vi.useRealTimers();
    }
  });

  it("aborts everything after a confirmation, then reloads the listing", async () => {
    const invalidate = renderStatus();
    act(() => enqueueUploads([file("a.bin", 10), file("b.bin", 10)]));
    fireEvent.click(screen.getByTestId("upload-abort"));
    fireEvent.click(within(screen.getByTestId("prompt-confirm")).getByTestId("confirm-cancel"));
    expect(aborted).toEqual([]);
    fireEvent.click(screen.getByTestId("upload-abort"));
    fireEvent.click(screen.getByTestId("confirm-ok"));
    await vi.waitFor(() => expect(useUploadStore.getState().jobs).toEqual([]));
    expect(aborted).toHaveLength(2);
    expect(screen.queryByTestId("upload-panel")).toBeNull();
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ["resource"] }));
  });

  it("shows a small upload too, finished, with its close button, then goes by itself", async () => {
    let finish = () => {};
    setUploader((job, progress) => {
      started.push(job);
      return {
        done: new Promise<void>((resolve) => {
          finish = () => {
            progress(job.size);
            resolve();
          };
        }),
        abort: () => Promise.resolve(),
      };
    });
    vi.useFakeTimers();
    try {
      renderStatus();
      act(() => enqueueUploads([file("nota.txt", 12)]));
      expect(screen.getByTestId("upload-count").textContent).toBe("1 file");
      await act(async () => {
        finish();
        await vi.advanceTimersByTimeAsync(0);
      });
      const panel = screen.getByTestId("upload-panel");
      expect(panel.dataset.status).toBe("success");
      expect(screen.getByTestId("upload-percent").textContent).toBe("100%");
      expect(screen.getByTestId("upload-item").dataset.state).toBe("done");
      expect(screen.queryByTestId("upload-speed")).toBeNull();
      expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(LINGER_MS));
      expect(screen.queryByTestId("upload-panel")).toBeNull();

      // Closed by hand before then.
      act(() => enqueueUploads([file("b.txt", 3)]));
      await act(async () => {
        finish();
        await vi.advanceTimersByTimeAsync(0);
      });
      fireEvent.click(screen.getByTestId("upload-dismiss"));
      expect(screen.queryByTestId("upload-panel")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("retries a failed file from its row", async () => {
    let attempts = 0;
    setUploader((job) => {
      started.push(job);
      attempts += 1;
      return {
        done: attempts === 1 ? Promise.reject(new Error("Disk full")) : new Promise(() => {}),
        abort: () => Promise.resolve(),
      };
    });
    renderStatus();
    act(() => enqueueUploads([file("scan.tif", 50)]));
    const retry = await screen.findByRole("button", { name: "Retry scan.tif" });
    expect(screen.getByTestId("upload-item").dataset.state).toBe("error");
    fireEvent.click(retry);
    expect(started).toHaveLength(2);
    expect(screen.getByTestId("upload-item").dataset.state).toBe("active");
    expect(screen.queryByRole("button", { name: "Retry scan.tif" })).toBeNull();
  });

  it("pauses and resumes a file from its row", () => {
    setUploader((job) => {
      started.push(job);
      return {
        done: new Promise(() => {}),
        abort: () => Promise.resolve(),
        pause: () => true,
        resume: () => undefined,
      };
    });
    renderStatus();
    act(() => enqueueUploads([file("scan.tif", 50)]));
    fireEvent.click(screen.getByRole("button", { name: "Pause scan.tif" }));
    expect(screen.getByTestId("upload-item").dataset.state).toBe("paused");
    expect(screen.getByTestId("upload-item").textContent).toContain("Paused");
    fireEvent.click(screen.getByRole("button", { name: "Resume scan.tif" }));
    expect(screen.getByTestId("upload-item").dataset.state).toBe("active");
  });

  it("warns before leaving the page while uploads run", () => {
    renderStatus();
    const quiet = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);
    act(() => enqueueUploads([file("a.bin", 10)]));
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });
});
