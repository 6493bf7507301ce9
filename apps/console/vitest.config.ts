import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { icuCatalogues } from "../../packages/client/build/icu-catalogues.js";

export default defineProject({
  plugins: [react(), icuCatalogues()],
  test: {
    name: "console",
    environment: "jsdom",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    setupFiles: ["test/setup.ts"],
    // antd's components render slowly in jsdom, and the suite shares two cores with the databases
    testTimeout: 40_000,
  },
});
