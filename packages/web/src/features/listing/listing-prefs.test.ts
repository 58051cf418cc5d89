import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import { useAuthStore } from "../../state/auth-store";
import { nextSorting, nextViewMode, saveSorting, saveViewMode } from "./listing-prefs";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

const user = {
  id: 3,
  username: "francesco",
  locale: "it",
  viewMode: "list" as const,
  singleClick: false,
  perm: {
    admin: false,
    execute: false,
    create: true,
    rename: true,
    modify: true,
    delete: true,
    share: true,
    download: true,
    unzip: true,
  },
  commands: [],
  lockPassword: false,
  hideDotfiles: false,
  dateFormat: false,
};

describe("view modes", () => {
  it("cycle list → mosaic → mosaic gallery → list", () => {
    expect(nextViewMode("list")).toBe("mosaic");
    expect(nextViewMode("mosaic")).toBe("mosaic gallery");
    expect(nextViewMode("mosaic gallery")).toBe("list");
  });

  it("show the new mode at once and save it to the user", async () => {
    useAuthStore.getState().setSession("token", user);
    vi.mocked(apiCall).mockResolvedValue("");
    const saving = saveViewMode("mosaic");
    expect(useAuthStore.getState().user?.viewMode).toBe("mosaic");
    await saving;
    expect(apiCall).toHaveBeenCalledWith("updateUser", {
      params: { id: 3 },
      body: { what: "user", which: ["viewMode"], data: { id: 3, viewMode: "mosaic" } },
    });
  });
});

describe("sorting", () => {
  beforeEach(() => vi.mocked(apiCall).mockReset());

  it("flips the direction of the active column", () => {
    expect(nextSorting({ by: "name", asc: true }, "name")).toEqual({ by: "name", asc: false });
    expect(nextSorting({ by: "size", asc: false }, "size")).toEqual({ by: "size", asc: true });
  });

  it("starts a new column A→Z for names, largest or newest first otherwise", () => {
    expect(nextSorting({ by: "size", asc: true }, "name")).toEqual({ by: "name", asc: true });
    expect(nextSorting({ by: "name", asc: true }, "size")).toEqual({ by: "size", asc: false });
    expect(nextSorting(undefined, "modified")).toEqual({ by: "modified", asc: false });
  });

  it("saves only the sorting field", async () => {
    useAuthStore.getState().setSession("token", user);
    vi.mocked(apiCall).mockResolvedValue("");
    await saveSorting({ by: "modified", asc: true });
    expect(apiCall).toHaveBeenCalledWith("updateUser", {
      params: { id: 3 },
      body: {
        what: "user",
        which: ["sorting"],
        data: { id: 3, sorting: { by: "modified", asc: true } },
      },
    });
  });
});
