import type { ServerConfig, Settings } from "@scriptorium/shared";
import type { Db } from "../../db/database.js";
import { createSettingsStore } from "../../features/settings/settings.store.js";
import { createSharesStore } from "../../features/shares/shares.store.js";
import { createUsersStore, usernameKey, type NewUser } from "../../features/users/users.store.js";
import type { FbConfig, FbShare, FbUser } from "./fb-records.js";
import { mapServer, mapSettings } from "./map-settings.js";
import { mapShare, type PlannedShare } from "./map-shares.js";
import { mapUser } from "./map-user.js";
import { Notes } from "./notes.js";

export interface PlannedUser {
  fbId: number;
  user: NewUser;
}

export interface Skipped {
  subject: string;
  reason: string;
}

/** Everything an import would write, what it leaves out and why. */
export interface ImportPlan {
  users: PlannedUser[];
  shares: PlannedShare[];
  config?: { settings: Settings; server: ServerConfig };
  skipped: Skipped[];
  notes: Notes;
}

export interface FbExport {
  users?: FbUser[];
  config?: FbConfig;
  shares?: FbShare[];
}

async function planUsers(db: Db, fbUsers: readonly FbUser[], plan: ImportPlan): Promise<void> {
  const store = createUsersStore(db);
  const seen = new Map<string, FbUser>();
  for (const fb of [...fbUsers].sort((a, b) => a.id - b.id)) {
    const subject = `user "${fb.username}" (File Browser id ${fb.id})`;
    const mapped = mapUser(fb, plan.notes);
    if ("skip" in mapped) {
      plan.skipped.push({ subject, reason: `could not map: ${mapped.skip}` });
      continue;
    }
    const key = usernameKey(mapped.user.username);
    const twin = seen.get(key);
    if (twin) {
      plan.skipped.push({
        subject,
        reason: `same name as File Browser user ${twin.id} "${twin.username}": names are unique here whatever their case`,
      });
      continue;
    }
    seen.set(key, fb);
    const existing = await store.findByUsername(mapped.user.username);
    if (existing) {
      plan.skipped.push({
        subject,
        reason: `a user named "${existing.username}" (id ${existing.id}) exists already and is left as it is`,
      });
      continue;
    }
    plan.users.push({ fbId: fb.id, user: mapped.user });
  }
}

async function planShares(db: Db, fbShares: readonly FbShare[], plan: ImportPlan): Promise<void> {
  const store = createSharesStore(db);
  const owners = new Set(plan.users.map((u) => u.fbId));
  const hashes = new Set<string>();
  const now = Math.floor(Date.now() / 1000);
  let tokens = 0;
  for (const fb of fbShares) {
    const hashTaken = hashes.has(fb.hash) || (await store.find(fb.hash)) !== undefined;
    const mapped = mapShare(fb, { ownerImported: owners.has(fb.userID), hashTaken, now });
    if ("skip" in mapped) {
      plan.skipped.push({ subject: `share ${fb.hash || "(no hash)"}`, reason: mapped.skip });
      continue;
    }
    hashes.add(fb.hash);
    if (fb.token !== "") tokens++;
    plan.shares.push(mapped);
  }
  if (tokens > 0) {
    plan.notes.add(
      "shares",
      `the download tokens of ${tokens} password link(s) are not carried over: visitors type the password again`,
    );
  }
}

/** File Browser's noauth is its user 1; ours is the user with the lowest id. */
function noteNoauthUser(existing: readonly { username: string }[], plan: ImportPlan): void {
  const first = existing[0]?.username ?? plan.users[0]?.user.username;
  const fbFirst = plan.users.find((u) => u.fbId === 1)?.user.username;
  if (first !== undefined && first !== fbFirst) {
    plan.notes.add(
      "login",
      `without a login everyone is the user with the lowest id here: "${first}", not File Browser's user 1`,
      true,
    );
  }
}

/** Maps File Browser's exports onto what the database holds now, writing nothing. */
export async function planImport(db: Db, fb: FbExport): Promise<ImportPlan> {
  const plan: ImportPlan = { users: [], shares: [], skipped: [], notes: new Notes() };
  if (fb.users) await planUsers(db, fb.users, plan);
  if (fb.config) {
    const store = createSettingsStore(db);
    plan.config = {
      settings: mapSettings(fb.config, await store.getSettings(), plan.notes),
      server: mapServer(fb.config, await store.getServerConfig(), plan.notes),
    };
  }
  if (fb.shares) await planShares(db, fb.shares, plan);
  const existing = await createUsersStore(db).list();
  if (plan.config?.server.authMethod === "noauth") noteNoauthUser(existing, plan);
  const admins = existing.filter((u) => u.perm.admin).length;
  if (fb.users && admins === 0 && !plan.users.some((u) => u.user.perm.admin)) {
    plan.notes.add(
      "users",
      'no administrator is imported: make one with "scriptorium users update NAME --perm.admin"',
      true,
    );
  }
  return plan;
}
