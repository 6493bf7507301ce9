import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { icuCatalogues } from "../../packages/client/build/icu-catalogues.js";

export default defineProject({
  plugins: [react(), icuCatalogues()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    setupFiles: ["test/setup.ts"],
    // a lazy page or a sheet of many slots renders in well under a second alone, but the whole suite
    // shares two cores with the database and browsers of the other projects
    testTimeout: 15_000,
    // antd-mobile's CommonJS build requires its .css files, which Node cannot load; let Vite transform it.
    server: { deps: { inline: ["antd-mobile"] } },
  },
});
