// The layers of each package, lowest first, read by scripts/check-structure.mjs (npm run lint) and
// drawn in docs/ARCHITECTURE.md. A folder (node: a top folder of src/, a folder of features/, or a
// file directly in src/) may import folders of its own layer and of the layers below; never one
// above. In an `isolated` layer the folders may not import each other either. `nodes` entries are
// node names, or `features/*` for every folder of features/. `tests` lists the test files and
// test helpers, which the folder checks leave out (the module cycle check still reads them).

/** @type {{ src: string; tests: string[]; layers: { name: string; nodes: string[]; isolated?: boolean }[] }[]} */
export default [
  {
    src: "packages/shared/src",
    tests: ["**/*.test.ts"],
    layers: [
      { name: "schemas", nodes: ["errors.ts", "schemas"] },
      { name: "helpers", nodes: ["lib"] },
      {
        name: "contracts",
        nodes: [
          "route-contract.ts",
          "route-headers.ts",
          "routes-activity.ts",
          "routes-admin.ts",
          "routes-app-passwords.ts",
          "routes-history.ts",
          "routes-search.ts",
          "routes-shares.ts",
          "routes-trash.ts",
          "routes-app-passwords.ts",
          "routes-tools.ts",
          "routes-operations.ts",
          "routes-history.ts",
          "routes-activity.ts",
          "routes.ts",
          "route-table.ts",
        ],
      },
      { name: "entry", nodes: ["index.ts"] },
    ],
  },
  {
    src: "packages/server/src",
    tests: ["**/*.test.ts", "test/**", "compat/**", "attacks/**", "crash/**"],
    layers: [
      { name: "base", nodes: ["lib", "errors.ts", "version.ts", "config.ts"] },
      { name: "infrastructure", nodes: ["db", "storage", "runner"] },
      { name: "http", nodes: ["http"] },
      { name: "features", nodes: ["features/*"] },
      { name: "plugins", nodes: ["plugins"] },
      {
        name: "composition",
        nodes: ["app-options.ts", "services.ts", "app.ts", "server.ts", "cli"],
      },
    ],
  },
  {
    src: "packages/web/src",
    tests: ["**/*.test.ts", "**/*.test.tsx", "test/**", "**/*test-harness.tsx"],
    layers: [
      // Pure helpers, translations, global styles.
      { name: "base", nodes: ["lib", "i18n", "styles", "globals.d.ts"] },
      // The typed client, error objects, URLs and transports of the API; no interface.
      { name: "api", nodes: ["api"] },
      // Client state several features read: session, current resource, selection, toasts…
      { name: "state", nodes: ["state"] },
      // Interface pieces features share (icons, dialog frame, folder picker, file links).
      { name: "components", nodes: ["components"] },
      // What lets features meet without importing each other: actions, prompts, slots.
      { name: "registries", nodes: ["actions", "prompts", "slots"] },
      { name: "features", nodes: ["features/*"], isolated: true },
      // Start-up, router, frame, and the composition: who registers and fills what.
      { name: "app", nodes: ["app", "app.tsx", "main.tsx"] },
    ],
  },
];
