import type { ParseKeys } from "i18next";

/**
 * The sections of the global settings (issue 31), each a page of its own under
 * /settings/global/{id} with one form and its own Save button. The labels are the cards' titles.
 */
export const GLOBAL_SECTIONS = [
  { id: "general", label: "globalSettings.general" },
  { id: "branding", label: "globalSettings.branding" },
  { id: "defaults", label: "globalSettings.defaults" },
  { id: "uploads", label: "globalSettings.uploads" },
  { id: "tools", label: "editionTools.settings.title" },
  { id: "trash", label: "globalSettings.trash" },
  { id: "versions", label: "globalSettings.versions" },
  { id: "activity", label: "globalSettings.activity" },
  { id: "webdav", label: "globalSettings.webdav.title" },
  { id: "shell", label: "shell.settings.title" },
  { id: "hooks", label: "shell.settings.hooks" },
  { id: "server", label: "globalSettings.server.title" },
] as const satisfies readonly { id: string; label: ParseKeys }[];

export type GlobalSectionId = (typeof GLOBAL_SECTIONS)[number]["id"];

export const FIRST_GLOBAL_SECTION: GlobalSectionId = "general";

export function isGlobalSection(id: string | undefined): id is GlobalSectionId {
  return GLOBAL_SECTIONS.some((section) => section.id === id);
}

export const globalSectionPath = (id: GlobalSectionId) => `/settings/global/${id}`;
