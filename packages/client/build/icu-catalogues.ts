/// <reference path="./messageformat.d.ts" />
import MessageFormat from "@messageformat/core";
import compileModule from "@messageformat/core/compile-module.js";
import type { Plugin } from "vite";

/**
 * A catalogue module of either app (apps/web, apps/console): src/i18n/catalogues/<locale>.ts, its
 * default export an object of ICU messages.
 */
const CATALOGUE = /\/src\/i18n\/catalogues\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)\.ts$/;

interface Node {
  type: string;
  value?: unknown;
  name?: string;
  key?: Node;
  declaration?: Node;
  expression?: Node;
  properties?: Node[];
  elements?: (Node | null)[];
}

type Messages = { [key: string]: string | Messages };

/** The catalogue's object literal as data: only strings, nested objects and arrays (read as objects). */
function literal(node: Node | undefined, where: string): string | Messages {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "ObjectExpression") {
    return Object.fromEntries(
      (node.properties ?? []).map((property) => {
        // a name, a quoted key or a number (an enum's value: { 0: "…", 1: "…" })
        const named = property.key?.type === "Identifier" ? property.key.name : property.key?.value;
        const key = typeof named === "number" ? String(named) : named;
        if (property.type !== "Property" || typeof key !== "string")
          throw new Error(`${where}: a catalogue holds plain keys only`);
        return [key, literal(property.value as Node | undefined, `${where}.${key}`)];
      }),
    );
  }
  if (node?.type === "ArrayExpression") {
    return Object.fromEntries(
      (node.elements ?? []).map((element, i) => [i, literal(element ?? undefined, `${where}[${i}]`)]),
    );
  }
  throw new Error(`${where}: a catalogue holds ICU message strings only`);
}

/**
 * Compiles each language's catalogue of ICU MessageFormat messages to plain functions at build time
 * (@messageformat/core: plural and select cases are checked against the language's rules, a broken
 * message fails the build). A browser then loads the functions of its one language, with only
 * @messageformat/runtime's plural and number helpers that the language uses; nothing parses a
 * message in the browser.
 */
export function icuCatalogues(): Plugin {
  return {
    name: "tablemate:icu-catalogues",
    transform: {
      // after TypeScript is stripped: the module is `export default { … }`
      order: "post",
      handler(code, id) {
        const locale = CATALOGUE.exec(id)?.[1];
        if (!locale) return null;
        const program = this.parse(code) as unknown as { body: Node[] };
        const exported = program.body.find((statement) => statement.type === "ExportDefaultDeclaration");
        const messages = literal(exported?.declaration, locale);
        if (typeof messages === "string") throw new Error(`${locale}: a catalogue is an object`);
        return { code: compileModule(new MessageFormat(locale), messages), map: null };
      },
    },
  };
}
