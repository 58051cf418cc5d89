import { reservedNameMessage, stagingNameIn } from "@scriptorium/shared";
import { AppError } from "../errors.js";

/**
 * Refuses (400 RESERVED_NAME) a path to be created whose name, or the name of a folder it would
 * create on the way, ends with the staging suffix: such entries are hidden from listings and
 * swept as abandoned work. Every route that creates a name calls it with the normalised path.
 */
export function refuseReservedNames(userPath: string): void {
  const name = stagingNameIn(userPath);
  if (name !== undefined) throw new AppError("RESERVED_NAME", reservedNameMessage(name));
}
