import { isStatusError } from "../../api/errors";
import { getCurrentResource } from "../../state/current-resource";
import { fetchResource } from "../../api/resource-api";
import { showPrompt } from "../../prompts";
import { jobsFor, uploadConflicts, withoutNames, type Picked } from "./picked";
import { enqueueUploads, setUploader } from "./upload-store";
import { uploadJob } from "./uploader";

setUploader(uploadJob);

/** Names in `folder`: the listing on screen when it is that folder, else asked for. */
async function existingNames(folder: string): Promise<string[]> {
  const current = getCurrentResource();
  const here = current?.resource.isDir ? current.path.replace(/\/*$/, "/") : null;
  if (here === folder) return (current?.resource.items ?? []).map((item) => item.name);
  try {
    const resource = await fetchResource(folder);
    return (resource.items ?? []).map((item) => item.name);
  } catch (err) {
    if (isStatusError(err, 404)) return [];
    throw err;
  }
}

/**
 * Uploads what the user chose into `folder` (decoded, ending with "/"). Names that exist
 * there open the replace prompt first (SPEC.md §5): replace them (override=true), skip them,
 * or cancel everything.
 */
export async function startUpload(picked: Picked, folder: string): Promise<void> {
  if (picked.files.length === 0 && picked.dirs.length === 0) return;
  const conflicts = uploadConflicts(picked, await existingNames(folder));
  if (conflicts.length === 0) {
    enqueueUploads(jobsFor(folder, picked));
    return;
  }
  showPrompt({
    name: "replace",
    names: conflicts,
    choose: (choice) =>
      enqueueUploads(
        choice === "replace"
          ? jobsFor(folder, picked, conflicts)
          : jobsFor(folder, withoutNames(picked, conflicts)),
      ),
  });
}
