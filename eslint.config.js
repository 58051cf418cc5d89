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
);
