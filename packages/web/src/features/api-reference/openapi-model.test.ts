import { describe, expect, it } from "vitest";
import {
  childProperties,
  groupByTag,
  isApiDocument,
  typeLabel,
  type ApiDocument,
} from "./openapi-model";

const doc: ApiDocument = {
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  tags: [{ name: "auth" }, { name: "resources", description: "Files" }, { name: "empty" }],
  paths: {
    "/api/resources/{path}": {
      get: { operationId: "get", tags: ["resources"], responses: {} },
      delete: { operationId: "del", tags: ["resources"], responses: {} },
    },
    "/api/login": { post: { operationId: "login", tags: ["auth"], responses: {} } },
    "/other": { get: { operationId: "other", responses: {} } },
  },
  components: {
    schemas: {
      Item: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
    },
  },
};

describe("openapi-model", () => {
  it("groups operations by tag in the document's order, untagged last, empty groups out", () => {
    const groups = groupByTag(doc);
    expect(groups.map((group) => group.name)).toEqual(["auth", "resources", "other"]);
    expect(groups[1]?.operations.map((op) => `${op.method} ${op.path}`)).toEqual([
      "GET /api/resources/{path}",
      "DELETE /api/resources/{path}",
    ]);
  });

  it("labels types readably", () => {
    expect(typeLabel(doc, { type: "integer", minimum: 1 })).toBe("integer ≥ 1");
    expect(typeLabel(doc, { type: "array", items: { $ref: "#/components/schemas/Item" } })).toBe(
      "Item[]",
    );
    expect(typeLabel(doc, { enum: ["a", "b"] })).toBe('"a" | "b"');
    expect(
      typeLabel(doc, { type: "object", patternProperties: { "^.*$": { type: "string" } } }),
    ).toBe("map of string");
    expect(typeLabel(doc, { type: "string", contentMediaType: "image/jpeg" })).toBe("bytes");
  });

  it("lists the properties of a referenced schema and of an array's items", () => {
    const expected = [{ name: "name", schema: { type: "string" }, required: true }];
    expect(childProperties(doc, { $ref: "#/components/schemas/Item" })).toEqual(expected);
    expect(
      childProperties(doc, { type: "array", items: { $ref: "#/components/schemas/Item" } }),
    ).toEqual(expected);
  });

  it("recognises an OpenAPI 3 document", () => {
    expect(isApiDocument(doc)).toBe(true);
    expect(isApiDocument({ swagger: "2.0", paths: {} })).toBe(false);
    expect(isApiDocument("text")).toBe(false);
  });
});
