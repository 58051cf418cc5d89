import type { Item, Resource } from "@scriptorium/shared";
import type { ComponentType } from "react";
import { createSlot } from "./slot";

/*
 * What a file's info dialog (features/common-prompts) shows below its details without knowing
 * who provides it: the version history (features/history).
 */

/** A section of the info dialog of one item; it draws nothing for items it has nothing on. */
export type InfoSection = ComponentType<{ item: Item | Resource }>;

/** The sections, in order; none until the files page's composition fills the slot. */
export const infoSectionsSlot = createSlot<readonly InfoSection[]>([]);
