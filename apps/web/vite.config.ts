import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { icuCatalogues } from "../../packages/client/build/icu-catalogues.js";

/** The workspace packages' modules (core's define zod schemas; the client must stay without them). */
const PACKAGE_MODULES = /\/packages\/(core|client)\/src\/.+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Value extends Node {
  /** an object literal's members */
  properties?: Node[];
}
interface Declarator extends Node {
  init: Value | null;
}
interface Statement extends Node {
  declaration?: Statement | null;
  declarations?: Declarator[];
  /** an import's bindings */
  specifiers?: { local: { name: string } }[];
}

/**
 * Core keeps zod schemas next to the pure rules the diner app uses. A module-level schema is built
 * when its module loads, and a bundler cannot tell that building it has no effect elsewhere, so an
 * unused schema (and zod with it) would stay in the app. This marks each module-level value built
 * with zod as pure, `/* @__PURE__ *\/ (() => value)()`, so the schemas the app does not use go,
 * and zod with them (spec 000 §9: a small first screen). e2e/bundle.e2e.ts fails if zod comes back.
 * An object spread from others (paths.ts's API: DINER_API, PAY_API and the staff's) is marked the
 * same way: a spread could run a getter, so a bundler keeps it, and with it every object it spreads.
 * So is an object literal reading another module's constants (errors.ts's ERRORS, built from
 * SUBMIT_CODES and MEMBER_CODES): a bundler keeps each read (it could run a getter), and with them
 * every module read, though the app uses nothing of the object.
 */
function pureCoreSchemas(): Plugin {
  return {
    name: "tablemate:pure-core-schemas",
    apply: "build",
    transform(code, id) {
      if (!PACKAGE_MODULES.test(id)) return null;
      const usesZod = /from ["']zod["']/.test(code);
      if (!usesZod && !code.includes("...") && !/^import /m.test(code)) return null;
      const program = this.parse(code) as unknown as { body: Statement[] };
      const imported = program.body
        .filter((statement) => statement.type === "ImportDeclaration")
        .flatMap((statement) => statement.specifiers ?? [])
        .map((specifier) => specifier.local.name);
      const reads = imported.map((name) => new RegExp(`(?<![\\w$])${name.replaceAll("$", "\\$")}\\.`));
      const readsImport = (text: string) => reads.some((read) => read.test(text));
      const values = program.body
        .map((statement) => (statement.type === "ExportNamedDeclaration" ? statement.declaration : statement))
        .flatMap((statement) =>
          statement?.type === "VariableDeclaration" ? (statement.declarations ?? []) : [],
        )
        .flatMap((declarator) => (declarator.init ? [declarator.init] : []))
        .filter(
          (init) =>
            (usesZod && /\bz\./.test(code.slice(init.start, init.end))) ||
            (init.type === "ObjectExpression" &&
              (init.properties?.some((part) => part.type === "SpreadElement") ||
                readsImport(code.slice(init.start, init.end)))),
        );
      let out = code;
      // from the end, so the offsets still ahead stay right
      for (const value of [...values].sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, value.start)}/* @__PURE__ */ (() => (${out.slice(value.start, value.end)}))()${out.slice(value.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/** Where the built index.html names the app's scripts for the boot loader (and e2e/bundle.e2e.ts). */
const BOOT_ID = "tablemate-boot";

/** Runs in the page (as its source text): starts the scripts listed in the boot element once. */
function bootLoader(bootId: string): void {
  const boot = JSON.parse(document.getElementById(bootId)?.textContent ?? "{}");
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const href of boot.preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = boot.entry;
    document.head.appendChild(script);
  };
  addEventListener("load", () => requestAnimationFrame(() => setTimeout(go)));
  document.addEventListener("DOMContentLoaded", () => setTimeout(go, 1000));
}

/**
 * Loads the app after the server-rendered first screen has painted, not alongside it: the page's
 * own HTML, CSS and images come first on a phone's narrow network, then the scripts that make it
 * interactive. The entry and its module preloads move out of <head> into a list that a small
 * inline loader starts at the load event (all first-screen images in), or 1 s after the document
 * is parsed, whichever comes first.
 */
function bootAfterFirstScreen(): Plugin {
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const loader = `(${bootLoader.toString()})(${JSON.stringify(BOOT_ID)})`;
  return {
    name: "tablemate:boot-after-first-screen",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const entry = entryTag.exec(html)?.[1];
        if (!entry) throw new Error("index.html has no module entry to boot");
        const preloads = [...html.matchAll(preloadTag)].map((match) => match[1]);
        const boot = `<script type="application/json" id="${BOOT_ID}">${JSON.stringify({ entry, preloads })}</script><script>${loader}</script>`;
        return html.replace(entryTag, "").replace(preloadTag, "").replace("</body>", `${boot}\n  </body>`);
      },
    },
  };
}

/** The chunks of the first screen: the entry's and every chunk it imports, statically (filled per build). */
const firstScreenChunks = new Set<string>();

/**
 * Finds the first screen's chunks once the bundle is written out, before Vite's own import analysis
 * lists each lazy import's chunks to preload (modulePreload.resolveDependencies below reads them).
 */
function findFirstScreenChunks(): Plugin {
  return {
    name: "tablemate:first-screen-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      firstScreenChunks.clear();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (chunk?.type !== "chunk" || firstScreenChunks.has(file)) return;
        firstScreenChunks.add(file);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const [file, chunk] of Object.entries(bundle))
        if (chunk.type === "chunk" && chunk.isEntry) visit(file);
    },
  };
}

/** The server serves dist/ itself: index.html per app route (with page data injected) and /assets/*. */
export default defineConfig(({ isSsrBuild }) => ({
  base: "/",
  // the server entry renders with React's production build, like the browser's bundle
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  plugins: [react(), icuCatalogues(), pureCoreSchemas(), bootAfterFirstScreen(), findFirstScreenChunks()],
  // `npm start` builds with npm's --silent (npm_config_loglevel reaches every nested script): then
  // only warnings and errors, not the table of every chunk
  logLevel: process.env.npm_config_loglevel === "silent" ? "warn" : "info",
  // The server entry bundles its dependencies: antd-mobile's modules import CSS, which Node cannot
  // load, and a self-contained dist/ runs wherever it is copied.
  ssr: { noExternal: true },
  build: {
    outDir: "dist",
    rolldownOptions: {
      output: {
        // every copy module reads its words through the language runtime: one first-screen chunk for
        // both, not two (each chunk costs the first screen its own imports and exports)
        // and React (react, react-dom, its scheduler and JSX runtime), all of it the first screen's, in one
        // chunk: left to itself, the bundler splits it by which lazy chunk imports which part
        codeSplitting: {
          groups: [
            { name: "copy", test: /\/src\/(copy|i18n\/i18n|i18n\/locales)\.ts$/ },
            { name: "react", test: /\/node_modules\/(react|react-dom|scheduler)\// },
            // and every other module the first screen imports, in one chunk: left to itself, the bundler
            // cuts them into a chunk per set of lazy importers (24 scripts, 3.7 KB of imports and exports)
            { name: "first", tags: ["$initial"] },
          ],
        },
      },
    },
    emptyOutDir: true,
    // browsers without <link rel=modulepreload> still load every chunk, through its imports; the
    // polyfill would only start them a little sooner, at a cost to every phone's first screen
    modulePreload: {
      polyfill: false,
      // a lazy import runs after the first screen has loaded, so its preload list leaves out the first
      // screen's chunks: naming them again would only cost the first screen's script the bytes of their names
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "js" ? deps.filter((dep) => !firstScreenChunks.has(dep)) : deps,
    },
  },
}));
