import type { ImportResult } from "./apply.js";
import type { ImportPlan } from "./plan.js";

function when(expire: number): string {
  if (expire === 0) return "never expires";
  return `expires ${new Date(expire * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

function onOff(on: boolean): string {
  return on ? "on" : "off";
}

function configLines(plan: ImportPlan): string[] {
  if (!plan.config) return [];
  const { settings: s, server: c } = plan.config;
  return [
    `Settings: signup ${onOff(s.signup)}, home folders ${onOff(s.createUserDir)} (under ${s.userHomeBasePath}), ` +
      `${s.rules.length} global rule(s), name ${JSON.stringify(s.branding.name)}, theme ${JSON.stringify(s.branding.theme)}`,
    `Server: login ${c.authMethod}${c.authMethod === "proxy" ? ` (header ${c.authHeader})` : ""}, ` +
      `reCAPTCHA ${onOff(c.recaptcha.secret !== "")}, sessions last ${c.tokenExpirationTime}, ` +
      `passwords of at least ${c.minimumPasswordLength} characters, commands ${onOff(c.enableExec)}, ` +
      `thumbnails ${onOff(c.enableThumbnails)}, preview resizing ${onOff(c.resizePreview)}`,
  ];
}

/**
 * The plan as the command prints it: what is (or would be) imported, what is skipped and why,
 * and what could not be mapped. With `result`, the new ids and the folders made.
 */
export function formatPlan(
  plan: ImportPlan,
  opts: { dryRun: boolean; folders: string[]; result?: ImportResult },
): string {
  const done = !opts.dryRun;
  const lines = [
    done
      ? "Imported from File Browser."
      : "Import from File Browser: dry run, nothing was written.",
    "",
  ];
  const skippedOf = (prefix: string) => plan.skipped.filter((s) => s.subject.startsWith(prefix));
  const skippedUsers = skippedOf("user ");
  lines.push(
    `Users: ${plan.users.length} ${done ? "imported" : "to import"}, ${skippedUsers.length} skipped`,
  );
  for (const { fbId, user } of plan.users) {
    const id = opts.result?.ids.get(fbId);
    const ids = id === undefined ? `File Browser id ${fbId}` : `id ${id} (File Browser id ${fbId})`;
    const admin = user.perm.admin ? ", administrator" : "";
    lines.push(`  + ${user.username}: ${ids}${admin}, scope ${user.scope}`);
  }
  for (const s of skippedUsers) lines.push(`  - ${s.subject}: ${s.reason}`);
  lines.push(...configLines(plan));
  const skippedShares = skippedOf("share ");
  if (plan.shares.length > 0 || skippedShares.length > 0) {
    lines.push(
      `Shares: ${plan.shares.length} ${done ? "imported" : "to import"}, ${skippedShares.length} skipped`,
    );
    const names = new Map(plan.users.map((u) => [u.fbId, u.user.username]));
    for (const { fbUserId, share } of plan.shares) {
      const password = share.passwordHash ? ", with a password" : "";
      lines.push(
        `  + ${share.hash}: ${share.path} of ${names.get(fbUserId) ?? "?"}, ${when(share.expire)}${password}`,
      );
    }
    for (const s of skippedShares) lines.push(`  - ${s.subject}: ${s.reason}`);
  }
  if (opts.folders.length > 0) {
    lines.push(done ? "Scope folders made:" : "Scope folders to make:");
    for (const f of opts.folders) lines.push(`  ${f}`);
  }
  if (plan.notes.list.length > 0) {
    lines.push("Not mapped, or mapped with a change (! may widen access):");
    for (const n of plan.notes.list)
      lines.push(`  ${n.warning ? "!" : "-"} ${n.subject}: ${n.text}`);
  }
  return lines.join("\n");
}
