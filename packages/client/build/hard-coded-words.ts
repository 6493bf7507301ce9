import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The string literals, template parts and JSX text of a module that hold Chinese (comments aside), with their lines. */
export function chineseIn(name: string, text: string): string[] {
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

/**
 * An app's words go through its copy modules (the source language, zh-CN) and so through its
 * catalogues: the Chinese written in its modules (src/) outside the paths allowed, and how many
 * modules were read.
 */
export function hardCodedWords(src: string, allowed: readonly RegExp[]): { files: number; found: string[] } {
  const files = sources(src)
    .map((path) => relative(src, path))
    .filter((path) => !allowed.some((allow) => allow.test(path)));
  return {
    files: files.length,
    found: files.flatMap((path) => chineseIn(path, readFileSync(join(src, path), "utf8"))),
  };
}
