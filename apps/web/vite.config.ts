import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The server serves dist/ itself: index.html per app route (with page data injected) and /assets/*. */
export default defineConfig({
  base: "/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
});
