import { describe, expect, it } from "vitest";
import { createShareBody, EMPTY_SHARE_FORM, shareFormError, sharePath } from "./share-api";

const form = (patch: Partial<typeof EMPTY_SHARE_FORM>) => ({ ...EMPTY_SHARE_FORM, ...patch });

describe("createShareBody", () => {
  it("sends the duration as digits with its unit, and no expiry for 0 or empty", () => {
    expect(createShareBody(form({ duration: "2", unit: "days" }), false)).toEqual({
      password: "",
      mode: "read",
      expires: "2",
      unit: "days",
    });
    expect(createShareBody(form({ duration: "007" }), false).expires).toBe("7");
    for (const duration of ["", "0", "  "]) {
      const body = createShareBody(form({ duration, unit: "minutes" }), false);
      expect(body).not.toHaveProperty("expires");
      expect(body).not.toHaveProperty("unit");
    }
  });

  it("trims the password", () => {
    expect(createShareBody(form({ password: "  s3cret word " }), false).password).toBe(
      "s3cret word",
    );
  });

  it("keeps files to read links, with a download limit only when one is set", () => {
    const file = createShareBody(form({ mode: "upload", maxDownloads: "3" }), false);
    expect(file).toEqual({ password: "", mode: "read", maxDownloads: 3 });
    expect(createShareBody(form({ maxDownloads: "0" }), false)).not.toHaveProperty("maxDownloads");
  });

  it("gives drop boxes their size (MB, binary) and file limits, never a download limit", () => {
    const body = createShareBody(
      form({ mode: "upload", maxDownloads: "4", maxUploadMB: "1.5", maxUploads: "10" }),
      true,
    );
    expect(body).toEqual({
      password: "",
      mode: "upload",
      maxUploadBytes: 1.5 * 1024 * 1024,
      maxUploads: 10,
    });
  });
});

describe("shareFormError", () => {
  it("accepts 0..2147483647 and rejects the rest", () => {
    expect(shareFormError(form({ duration: "2147483647" }))).toBeNull();
    expect(shareFormError(form({ duration: "" }))).toBeNull();
    expect(shareFormError(form({ duration: "2147483648" }))).toBe("share.invalidDuration");
    expect(shareFormError(form({ duration: "-1" }))).toBe("share.invalidDuration");
    expect(shareFormError(form({ duration: "1.5" }))).toBe("share.invalidDuration");
    expect(shareFormError(form({ maxUploads: "-2" }))).toBe("share.invalidLimit");
  });
});

describe("sharePath", () => {
  it("gives folders a trailing slash", () => {
    expect(sharePath({ path: "/Opere/scans", isDir: true })).toBe("/Opere/scans/");
    expect(sharePath({ path: "/Opere/a.tex", isDir: false })).toBe("/Opere/a.tex");
  });
});
