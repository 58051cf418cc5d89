import type { Item, PublicShare } from "@scriptorium/shared";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { SharePage } from "./SharePage";

/** For the tests: a JSON answer as the server sends it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** For the tests: a link's description, a folder link unless `patch` says otherwise. */
export const shareInfo = (patch: Partial<PublicShare["share"]> = {}): PublicShare["share"] => ({
  hash: "h4sh",
  mode: "read",
  name: "Scansioni",
  isDir: true,
  expire: 0,
  hasPassword: false,
  ...patch,
});

/** For the tests: one entry of a shared folder. */
export function shareItem(name: string, patch: Partial<Item> = {}): Item {
  return {
    name,
    path: `/${name}`,
    url: `/${name}`,
    isDir: false,
    type: "blob",
    size: 10,
    modified: "2024-10-04T22:08:29Z",
    extension: "",
    ...patch,
  } as Item;
}

/** For the tests: the share page at `path` (/share/{hash}/…), in a router as in the app. */
export function openSharePage(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/share/*" element={<SharePage />} />
      </Routes>
    </MemoryRouter>,
  );
}
