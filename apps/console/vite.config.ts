import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { icuCatalogues } from "../../packages/client/build/icu-catalogues.js";

/** The base the server serves the console under (apps/server/src/web/console-shell.ts). */
export const CONSOLE_BASE = "/console/";

/**
 * The staff console: served by the same server under /console (index.html for every page, hashed
 * assets under /console/assets/). Each page is its own chunk (src/pages.ts loads them lazily), each
 * language other than zh-CN its catalogue, compiled from ICU messages at build time (packages/client).
 */
export default defineConfig({
  base: CONSOLE_BASE,
  plugins: [react(), icuCatalogues()],
  // `npm start` builds with npm's --silent: then only warnings and errors, not every chunk
  logLevel: process.env.npm_config_loglevel === "silent" ? "warn" : "info",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // antd is one large library shared by every page; its chunk is cached across pages and visits
    chunkSizeWarningLimit: 1500,
  },
  // `npm run dev -w apps/console`: the API and the socket from a running server
  server: {
    proxy: {
      "/console/api": "http://127.0.0.1:3000",
      "/console/ws": { target: "ws://127.0.0.1:3000", ws: true },
    },
  },
});
