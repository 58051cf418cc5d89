import { describe, expect, it } from "vitest";
import { jobsFor, pickedFromInput, uploadConflicts, withoutNames, type Picked } from "./picked";
import { readEntries } from "./read-entries";

const file = (name: string, size = 3, relative = "") => {
  const f = new File([new Uint8Array(size)], name);
  if (relative) Object.defineProperty(f, "webkitRelativePath", { value: relative });
  return f;
};

describe("picked files", () => {
  it("keep the relative paths of a folder input", () => {
    const picked = pickedFromInput([file("a.tif", 3, "Libro I/a.tif"), file("b.txt")]);
    expect(picked.files.map((f) => f.relativePath)).toEqual(["Libro I/a.tif", "b.txt"]);
  });

  it("conflict by their top-level name only", () => {
    const picked: Picked = {
      files: [
        { file: file("a.tif"), relativePath: "Libro I/a.tif" },
        { file: file("b.txt"), relativePath: "b.txt" },
        { file: file("c.txt"), relativePath: "c.txt" },
      ],
      dirs: ["Libro I/"],
    };
    expect(uploadConflicts(picked, ["Libro I", "c.txt", "a.tif"])).toEqual(["Libro I", "c.txt"]);
    expect(withoutNames(picked, ["Libro I"]).files.map((f) => f.relativePath)).toEqual([
      "b.txt",
      "c.txt",
    ]);
  });

  it("become jobs under the folder; only replaced names overwrite; empty folders are jobs", () => {
    const picked: Picked = {
      files: [
        { file: file("a.tif", 5), relativePath: "Libro I/a.tif" },
        { file: file("b.txt", 2), relativePath: "b.txt" },
      ],
      dirs: ["Libro I/", "Libro I/vuota/", "Vuota/"],
    };
    expect(jobsFor("/Opere", picked, ["b.txt"])).toEqual([
      {
        path: "/Opere/Libro I/vuota/",
        name: "Libro I/vuota/",
        file: null,
        overwrite: false,
        type: "dir",
        size: 0,
      },
      { path: "/Opere/Vuota/", name: "Vuota/", file: null, overwrite: false, type: "dir", size: 0 },
      {
        path: "/Opere/Libro I/a.tif",
        name: "Libro I/a.tif",
        file: picked.files[0]?.file,
        overwrite: false,
        type: "file",
        size: 5,
      },
      {
        path: "/Opere/b.txt",
        name: "b.txt",
        file: picked.files[1]?.file,
        overwrite: true,
        type: "file",
        size: 2,
      },
    ]);
  });
});

/** A dropped folder tree as the entry API presents it (batches of at most 2 children). */
function fileEntry(name: string): FileSystemFileEntry {
  return {
    name,
    isFile: true,
    isDirectory: false,
    file: (ok: (f: File) => void) => ok(file(name)),
  } as unknown as FileSystemFileEntry;
}

function dirEntry(name: string, children: FileSystemEntry[]): FileSystemDirectoryEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (batch: FileSystemEntry[]) => void) => {
          ok(children.slice(at, at + 2));
          at += 2;
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

describe("readEntries", () => {
  it("walks dropped folders recursively, reading every batch", async () => {
    const picked = await readEntries([
      dirEntry("Libro I", [
        fileEntry("1.tif"),
        fileEntry("2.tif"),
        fileEntry("3.tif"),
        dirEntry("vuota", []),
      ]),
      fileEntry("note.txt"),
    ]);
    expect(picked.files.map((f) => f.relativePath)).toEqual([
      "Libro I/1.tif",
      "Libro I/2.tif",
      "Libro I/3.tif",
      "note.txt",
    ]);
    expect(picked.dirs).toEqual(["Libro I/", "Libro I/vuota/"]);
  });
});
