import { Type } from "typebox";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { fillGoZeroValues, goBodySchema, goZeroValue } from "./go-zero.js";
import { SettingsBodySchema, SettingsPutSchema } from "./settings.js";
import { RuleSchema, UserDataSchema } from "./user.js";

describe("Go's zero values", () => {
  it("are false, 0, '', [] and objects of zeros; an enum's default stands for ''", () => {
    expect(goZeroValue(RuleSchema)).toEqual({
      allow: false,
      path: "",
      regex: false,
      regexp: { raw: "" },
    });
    expect(goZeroValue(Type.Integer())).toBe(0);
    expect(goZeroValue(Type.Enum(["", "dark"]))).toBe("");
    expect(goZeroValue(Type.Enum(["list", "mosaic"], { default: "list" }))).toBe("list");
    expect(() => goZeroValue(Type.Enum(["list", "mosaic"]))).toThrow(/needs a default/);
  });

  it("fill what a File Browser script leaves out, at every depth, null included", () => {
    const data = fillGoZeroValues(UserDataSchema, {
      id: 2,
      perm: { create: true },
      rules: [
        { allow: false, path: "/private", regex: false },
        { regex: true, regexp: null },
      ],
      sorting: { asc: true },
    });
    expect(data).toEqual({
      id: 2,
      perm: {
        admin: false,
        execute: false,
        create: true,
        rename: false,
        modify: false,
        delete: false,
        share: false,
        download: false,
        unzip: false,
      },
      rules: [
        { allow: false, path: "/private", regex: false, regexp: { raw: "" } },
        { allow: false, path: "", regex: true, regexp: { raw: "" } },
      ],
      sorting: { by: "name", asc: true },
    });
    // Fields of the user that were not sent stay absent: `which` decides what changes.
    expect(Value.Check(UserDataSchema, data)).toBe(true);
    expect(data).not.toHaveProperty("viewMode");
  });

  it("fill a settings body sent with one field, as File Browser's PUT reads it", () => {
    const settings = fillGoZeroValues(SettingsPutSchema, { signup: true, shell: null });
    expect(Value.Check(SettingsPutSchema, settings)).toBe(true);
    expect(settings).toMatchObject({
      signup: true,
      createUserDir: false,
      userHomeBasePath: "",
      defaults: { viewMode: "mosaic", sorting: { by: "name", asc: false }, commands: [] },
      rules: [],
      shell: [],
      commands: {},
      tus: { chunkSize: 0, retryCount: 0 },
      branding: { name: "", theme: "" },
    });
    expect(settings).not.toHaveProperty("tools");
  });

  it("leave wrong types and unknown values for the check to refuse", () => {
    const wrong = fillGoZeroValues(UserDataSchema, { perm: { admin: "yes" }, viewMode: "grid" });
    expect(Value.Check(UserDataSchema, wrong)).toBe(false);
    expect(wrong).toMatchObject({ perm: { admin: "yes" }, viewMode: "grid" });
  });
});

describe("goBodySchema", () => {
  it("makes every field optional with its zero value as default, and nested ones nullable", () => {
    const rule = JSON.parse(JSON.stringify(goBodySchema(RuleSchema))) as Record<string, unknown>;
    expect(rule).not.toHaveProperty("required");
    expect(rule.properties).toEqual({
      allow: { type: "boolean", default: false },
      path: { type: "string", default: "" },
      regex: { type: "boolean", default: false },
      regexp: {
        type: ["object", "null"],
        properties: { raw: { type: "string", default: "" } },
        default: { raw: "" },
      },
    });
  });

  it("keeps our own fields as they are (the edition tools of the settings)", () => {
    const body = JSON.parse(JSON.stringify(SettingsBodySchema)) as {
      properties: Record<string, unknown>;
    };
    expect(body.properties.tools).toEqual(
      JSON.parse(JSON.stringify(SettingsPutSchema.properties.tools)),
    );
    expect(body.properties.signup).toEqual({ type: "boolean", default: false });
  });
});
