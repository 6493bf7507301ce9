import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PAGE_DATA_ELEMENT_ID, type PageData } from "@tablemate/core";

/** A stand-in for the built app (index.html, one asset, optionally a server entry), so tests need no web build. */
export function fakeWebDist(serverEntry?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tablemate-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    '<html><head><!--tablemate-page-data--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, "assets", "app-abc123.js"), "console.log('app')");
  if (serverEntry) {
    mkdirSync(join(dir, "server"));
    writeFileSync(join(dir, "server", "entry-server.js"), serverEntry);
  }
  return dir;
}

/** The page data the app shell injected into a page. */
export function pageDataOf(html: string): PageData {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error("no page data in the page");
  return JSON.parse(match[1]);
}

/** A stand-in for the built console (index.html and one hashed asset), so tests need no console build. */
export function fakeConsoleDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "tablemate-console-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html lang="zh-CN"><head><title>Tablemate 管理台</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log('console')");
  return dir;
}
