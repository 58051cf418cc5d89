import { describe, expect, it } from "vitest";
import { routeTable } from "./route-table.js";
import { routes } from "./routes.js";

describe("routeTable", () => {
  it("has every route's method and URL, and nothing else (else: npm run gen:route-table)", () => {
    const fromRoutes = Object.fromEntries(
      Object.entries(routes).map(([name, route]) => [name, [route.method, route.url]]),
    );
    expect(routeTable).toEqual(fromRoutes);
  });
});
