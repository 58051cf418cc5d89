import { existsSync } from "node:fs";
import path from "node:path";
import type { Db } from "../../db/database.js";
import { createSettingsService } from "../../features/settings/settings.service.js";
import { createSettingsStore } from "../../features/settings/settings.store.js";
import { createSharesStore } from "../../features/shares/shares.store.js";
import { createSessionsStore } from "../../features/sessions/sessions.store.js";
import { createUsersService } from "../../features/users/users.service.js";
import { createUsersStore } from "../../features/users/users.store.js";
import { scopeRoot } from "../../lib/safe-path.js";
import { createScopeFolder } from "../../storage/scope-folder.js";
import type { ImportPlan } from "./plan.js";

/** What the writing gave: the new id of each imported user, and the folders made. */
export interface ImportResult {
  ids: Map<number, number>;
  folders: string[];
}

/** The scope folders of the planned users that do not exist yet under `root`. */
export function missingFolders(plan: ImportPlan, root: string): string[] {
  const folders = plan.users.map((u) => path.resolve(scopeRoot(root, u.user.scope)));
  return [...new Set(folders)].filter((f) => !existsSync(f));
}

/**
 * Writes the plan in one transaction: settings (through the same checks as PUT /api/settings),
 * server configuration, users, then their shares. Any failure rolls everything back. The scope
 * folders are made afterwards, as `users add` makes them.
 */
export async function applyPlan(db: Db, plan: ImportPlan, root: string): Promise<ImportResult> {
  const folders = missingFolders(plan, root);
  const ids = new Map<number, number>();
  await db.transaction().execute(async (trx) => {
    const settings = createSettingsStore(trx);
    if (plan.config) {
      await createSettingsService(settings).replace(plan.config.settings);
      await settings.setServerConfig(plan.config.server);
    } else if (!(await settings.isInitialised())) {
      await settings.setSettings(await settings.getSettings());
    }
    await settings.getSecret();
    const users = createUsersStore(trx);
    // The users service's rules, as the API and `users add` apply them; folders come after.
    const service = createUsersService({
      users,
      sessions: createSessionsStore(trx),
      settings,
      root,
      makeScopeFolder: () => Promise.resolve(),
    });
    for (const { fbId, user } of plan.users) {
      // File Browser's id when it is free here, so that links and scripts naming ids still fit.
      const free = fbId > 0 && (await users.findById(fbId)) === undefined;
      const { username, passwordHash, ...fields } = user;
      const made = await service.create({
        username,
        passwordHash,
        fields,
        ...(free && { id: fbId }),
      });
      ids.set(fbId, made.id);
    }
    const shares = createSharesStore(trx);
    for (const { fbUserId, share } of plan.shares) {
      const userId = ids.get(fbUserId);
      if (userId !== undefined) await shares.create({ ...share, userId });
    }
  });
  for (const folder of folders) await createScopeFolder(root, folder);
  return { ids, folders };
}
