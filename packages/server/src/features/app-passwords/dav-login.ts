import type { IncomingHttpHeaders } from "node:http";
import { unauthorized } from "../../errors.js";
import { verifyPassword } from "../../lib/passwords.js";
import type { UserRecord, UsersStore } from "../users/users.store.js";

/** Who a WebDAV request is. */
export interface DavIdentity {
  user: UserRecord;
  readOnly: boolean;
  appPasswordId: number | null;
}

/** TEMPORARY stand-in (account password only), replaced by the app passwords branch. */
export function createDavLogin(deps: { users: UsersStore }) {
  return {
    async authenticate(headers: IncomingHttpHeaders, _ip: string): Promise<DavIdentity> {
      const header = headers.authorization ?? "";
      const m = /^Basic\s+(.+)$/i.exec(header);
      if (!m) throw unauthorized();
      const decoded = Buffer.from(m[1] ?? "", "base64").toString("utf8");
      const i = decoded.indexOf(":");
      const user = await deps.users.findByUsername(decoded.slice(0, i));
      if (!user || !(await verifyPassword(user.passwordHash, decoded.slice(i + 1))).ok) {
        throw unauthorized("Wrong credentials");
      }
      return { user, readOnly: false, appPasswordId: null };
    },
  };
}

export type DavLogin = ReturnType<typeof createDavLogin>;
