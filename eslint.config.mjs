import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      // Unused names are dead code; a leading underscore marks one kept on purpose (a callback's slot).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Product pictures are drawn SVGs or WebP renditions the shop makes itself, served with their
      // own srcset; next/image's on-the-fly optimiser would only add a server cost.
      "@next/next/no-img-element": "off",
    },
  },
  globalIgnores([".next/**", ".data/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
]);
