import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    setupFiles: ["test/setup.ts"],
    // antd-mobile's CommonJS build requires its .css files, which Node cannot load; let Vite transform it.
    server: { deps: { inline: ["antd-mobile"] } },
  },
});
