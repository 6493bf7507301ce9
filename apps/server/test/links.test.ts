import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableLinks } from "../src/links.js";
import { startTestApp, type TestApp } from "./support/harness.js";

const run = promisify(execFile);
const ROOT = new URL("../../..", import.meta.url).pathname;

describe("table links", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.close());

  it("carry hotelid, tn and a verifiable sid, plus the restaurant's mode, under the prefix", async () => {
    const links = await tableLinks(app.db, app.signer, {
      origin: "https://order.example",
      routerPrefix: "/h5",
    });
    expect(links.length).toBeGreaterThan(30);
    for (const link of links) {
      const url = new URL(link.url);
      expect(url.origin + url.pathname).toBe("https://order.example/h5/");
      expect(url.searchParams.get("hotelid")).toBe(String(link.restaurantId));
      expect(url.searchParams.get("tn")).toBe(String(link.tableId));
      expect(
        app.signer.verifyTableToken(link.restaurantId, link.tableId, url.searchParams.get("sid") ?? ""),
      ).toBe(true);
    }
    expect(links.some((l) => new URL(l.url).searchParams.get("takeout") === "1")).toBe(true);
    expect(links.some((l) => new URL(l.url).searchParams.get("reserve") === "1")).toBe(true);
  });
});

describe("npm run links", () => {
  it("prints one restaurant's links, and writes a QR code per table; a first run prints the demo owners' sign-ins once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tablemate-links-"));
    const out = join(dataDir, "qr");
    const { stdout, stderr } = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "apps/server/src/cli/links.ts",
        "--restaurant",
        "1",
        "--out",
        out,
        "--format",
        "svg",
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: "http://192.168.1.5:3000" } },
    );
    const lines = stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(/^1\t.+\t.+\thttp:\/\/192\.168\.1\.5:3000\/\?hotelid=1&tn=\d+&sid=/);
    const [heading, ...owners] = stderr.trim().split("\n");
    expect(heading).toBe("Console sign-in (shown once):");
    expect(owners[0]).toMatch(/^ {2}1 .+: owner1 \/ [A-Za-z0-9]{12}$/);
    const files = readdirSync(out);
    expect(files).toHaveLength(lines.length);
    expect(readFileSync(join(out, files[0] ?? ""), "utf8")).toContain("<svg");
    // a later run on the same data prints no sign-in: the plain passwords are gone
    const again = await run(
      process.execPath,
      ["--import", "tsx", "apps/server/src/cli/links.ts", "--restaurant", "1"],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: "http://192.168.1.5:3000" },
      },
    );
    expect(again.stderr).toBe("");
    expect(again.stdout).toBe(stdout);
  }, 90_000);

  it("refuses a bad format with a readable message", async () => {
    await expect(
      run(process.execPath, ["--import", "tsx", "apps/server/src/cli/links.ts", "--format", "gif"], {
        cwd: ROOT,
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining("--format must be svg or png") });
  });
});
