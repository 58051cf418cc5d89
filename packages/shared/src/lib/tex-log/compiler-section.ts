import type { Diagnostic } from "../../schemas/tools.js";
import { baseOf } from "./paths.js";
import { placeOf, type PlaceOptions } from "./places.js";
import type { LogSection } from "./sections.js";
import { LOCATED } from "./tex-section.js";

/**
 * The Mauro-TeX compilers' messages (and any other tool's in the same form): `name.tex:LINE:
 * message`, an error when the line before is `ERRORE:` (stderr), else a warning (`-v`). The
 * compilers run on a copy of the source with its name: a name with the source's base name is
 * the source.
 */
export function compilerDiagnostics(
  section: LogSection,
  options: PlaceOptions & { source: string },
  emit: (d: Diagnostic) => void,
): void {
  const sourceBase = baseOf(options.source);
  let previous = "";
  for (const line of section.lines) {
    const located = LOCATED.exec(line);
    if (located) {
      const [, printed = "", num = "", message = ""] = located;
      const name = printed.replace(/^"(.*)"$/, "$1");
      const severity = previous.trim() === "ERRORE:" ? "error" : "warning";
      const where =
        baseOf(name) === sourceBase && !name.includes("..")
          ? ({ kind: "user", path: options.source } as const)
          : placeOf(name, options);
      if (where.kind === "user") {
        emit({ file: where.path, line: Number(num), message: message.trim(), severity });
      } else {
        emit({
          file: where.name,
          line: Number(num),
          message: message.trim(),
          severity,
          outside: true,
        });
      }
    }
    previous = line;
  }
}
