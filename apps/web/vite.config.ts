import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Core's modules that define zod schemas. */
const CORE_WITH_ZOD = /\/packages\/core\/src\/.+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  declaration?: Statement | null;
  declarations?: Declarator[];
}

/**
 * Core keeps zod schemas next to the pure rules the diner app uses. A module-level schema is built
 * when its module loads, and a bundler cannot tell that building it has no effect elsewhere, so an
 * unused schema (and zod with it) would stay in the app. This marks each module-level value built
 * with zod as pure, `/* @__PURE__ *\/ (() => value)()`, so the schemas the app does not use go,
 * and zod with them (spec 000 §9: a small first screen). e2e/bundle.e2e.ts fails if zod comes back.
 */
function pureCoreSchemas(): Plugin {
  return {
    name: "tablemate:pure-core-schemas",
    apply: "build",
    transform(code, id) {
      if (!CORE_WITH_ZOD.test(id) || !/from ["']zod["']/.test(code)) return null;
      const program = this.parse(code) as unknown as { body: Statement[] };
      const values = program.body
        .map((statement) => (statement.type === "ExportNamedDeclaration" ? statement.declaration : statement))
        .flatMap((statement) =>
          statement?.type === "VariableDeclaration" ? (statement.declarations ?? []) : [],
        )
        .flatMap((declarator) => (declarator.init ? [declarator.init] : []))
        .filter((init) => /\bz\./.test(code.slice(init.start, init.end)));
      let out = code;
      // from the end, so the offsets still ahead stay right
      for (const value of [...values].sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, value.start)}/* @__PURE__ */ (() => (${out.slice(value.start, value.end)}))()${out.slice(value.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/** The server serves dist/ itself: index.html per app route (with page data injected) and /assets/*. */
export default defineConfig({
  base: "/",
  plugins: [react(), pureCoreSchemas()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // browsers without <link rel=modulepreload> still load every chunk, through its imports; the
    // polyfill would only start them a little sooner, at a cost to every phone's first screen
    modulePreload: { polyfill: false },
  },
});
