import type { KyselyPlugin } from "kysely";
import type { Db } from "../../db/database.js";
import { samePool } from "../../db/postgres/open-postgres.js";
import { generationOf, registerGeneration } from "../../db/read-cache.js";
import type { Metrics } from "./metrics.js";

/**
 * The app's database handle with every statement counted. The same connection (or pool) and
 * the same read-cache generation as `db`: only the count is added.
 */
export function countedDb(db: Db, metrics: Metrics): Db {
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      metrics.query();
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const counted = db.withPlugin(plugin);
  registerGeneration(counted, () => generationOf(db));
  samePool(db, counted);
  return counted;
}
