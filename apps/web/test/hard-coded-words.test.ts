import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every word a diner reads goes through a copy module (the source language, zh-CN) and so through the
 * catalogues: a Chinese string written anywhere else in apps/web/src would show untranslated.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

/** Where Chinese words may be written: the copy modules (the source), the catalogues and the languages' own names. */
const ALLOWED = [/(^|\/)copy\.ts$/, /-copy\.ts$/, /^i18n\/catalogues\//, /^i18n\/locales\.ts$/];

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The string literals, template parts and JSX text of a module that hold Chinese (comments aside), with their lines. */
function chineseIn(name: string, text: string): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) &&
      CJK.test(node.text)
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${name}:${line + 1} ${node.text.trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the diner app's words", () => {
  it("are written only in copy modules, never hard-coded in a component or a module", () => {
    const files = sources(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => !ALLOWED.some((allowed) => allowed.test(path)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((path) => chineseIn(path, readFileSync(join(SRC, path), "utf8")))).toEqual([]);
  });

  it("finds Chinese in JSX text, an attribute and a template, not in a comment", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe is source text holding a template
    const probe = 'const a = <b title="菜单">加菜 {`共${n}份`}</b>; // 注释\n/** 说明 */ const b = "、";';
    expect(chineseIn("probe.tsx", probe)).toEqual([
      "probe.tsx:1 菜单",
      "probe.tsx:1 加菜",
      "probe.tsx:1 共",
      "probe.tsx:1 份",
      "probe.tsx:2 、",
    ]);
  });
});
