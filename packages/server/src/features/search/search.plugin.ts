import type { FastifyInstance } from "fastify";
import type { SearchIndex } from "./search-index.js";
import { searchRoutes } from "./search.routes.js";
import type { SearchService } from "./search.service.js";

/** Search: the /api/search route, and the index, started once the app is ready, closed with it. */
export function searchPlugin(search: SearchService, index: SearchIndex) {
  return function register(app: FastifyInstance): void {
    searchRoutes(search)(app);
    let closing = false;
    app.addHook("onReady", (done) => {
      // The first walk runs in the background, after start-up: reading a large tree's text files
      // into the index holds the event loop for a while, which must not stop the start.
      setImmediate(() => {
        if (!closing) void index.start();
      });
      done();
    });
    app.addHook("onClose", async () => {
      closing = true;
      await index.close();
    });
  };
}
