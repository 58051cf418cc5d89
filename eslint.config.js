import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "data/**",
      "docs/**",
      "**/*.config.ts",
      "**/*.config.js",
      "packages/server/bin/**",
      "packages/server/bundle/**",
      "packages/server/scripts/**",
      "packages/e2e/test-results/**",
      "scripts/**",
      "test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  {
    // The stand-in compilers of the tests are plain Node scripts outside any TypeScript project.
    files: ["packages/server/src/test/maurotex-standin/**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["packages/web/**", "packages/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@scriptorium/server", "**/server/src/**"],
              message: "web and shared never import the server",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "react", "react-*", "@scriptorium/server", "fastify"],
              message: "shared holds only typebox and pure code",
            },
          ],
        },
      ],
    },
  },
  {
    // User files are reached only through storage/ (scope, rules, links and errno in one place).
    files: ["packages/server/src/**/*.ts"],
    ignores: [
      "packages/server/src/storage/**",
      "packages/server/src/**/*.test.ts",
      "packages/server/src/test/**",
      // Not user files: the database, the server's own config, assets and caches.
      "packages/server/src/db/**",
      "packages/server/src/cli/**",
      "packages/server/src/server.ts",
      "packages/server/src/version.ts",
      "packages/server/src/lib/file-mode.ts",
      "packages/server/src/plugins/web-app.ts",
      "packages/server/src/plugins/page-globals.ts",
      "packages/server/src/features/preview/preview-cache.ts",
      // The LaTeX runs' support folders (the admin's, on the server) and font cache.
      "packages/server/src/features/edition-tools/tex-support.ts",
      "packages/server/src/features/edition-tools/font-cache.ts",
      // The runner looks up programs and system folders, never user files.
      "packages/server/src/runner/host.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "node:fs", message: "reach user files through storage/ (UserFs)" },
            { name: "node:fs/promises", message: "reach user files through storage/ (UserFs)" },
            { name: "fs", message: "reach user files through storage/ (UserFs)" },
            { name: "fs/promises", message: "reach user files through storage/ (UserFs)" },
          ],
        },
      ],
    },
  },
);
