import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A phone opens the shop's plain-http LAN link, which is not a secure context: these Web APIs are
 * undefined there (or refuse), and a call to one breaks the page for every real phone while every
 * test on 127.0.0.1 (secure to a browser) passes. Ids come from random-key.ts, signatures from
 * sha256.ts. A use with a working plain-http path is listed here with the reason.
 */
const SECURE_ONLY = [
  /\brandomUUID\b/,
  /\bcrypto\.subtle\b/,
  /\bnavigator\.clipboard\b/,
  /\bserviceWorker\b/,
  /\bnavigator\.share\b/,
];

const repo = join(import.meta.dirname, "../../..");
const roots = ["apps/web/src", "apps/console/src", "packages/client/src"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("no Web API that needs a secure context", () => {
  it("is used by the diner app, the console or the client package", () => {
    const uses: string[] = [];
    for (const root of roots) {
      for (const file of sources(join(repo, root))) {
        readFileSync(file, "utf8")
          .split("\n")
          .forEach((line, index) => {
            const code = line.replace(/\/\/.*$|^\s*\*.*$/, "");
            if (SECURE_ONLY.some((api) => api.test(code)))
              uses.push(`${relative(repo, file)}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(uses).toEqual([]);
  });
});
