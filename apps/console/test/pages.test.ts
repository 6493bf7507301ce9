import { ROLE_PERMISSIONS, STAFF_ROLES } from "@tablemate/core";
import { describe, expect, it } from "vitest";
import { type ConsolePage, PAGES, pagesFor } from "../src/pages.js";

const Icon = () => null;
const page = (path: string, permission: ConsolePage["permission"]): ConsolePage => ({
  path,
  titleKey: "session",
  icon: Icon,
  permission,
  load: async () => ({ default: Icon }),
});

describe("the page registry", () => {
  it("gives each role the pages whose permission it has, in the registry's order", () => {
    const pages = [page("floor", "floor.read"), page("kitchen", "kitchen.read"), page("audit", "audit.read")];
    expect(pagesFor("owner", pages).map((p) => p.path)).toEqual(["floor", "kitchen", "audit"]);
    expect(pagesFor("waiter", pages).map((p) => p.path)).toEqual(["floor"]);
    expect(pagesFor("kitchen", pages).map((p) => p.path)).toEqual(["kitchen"]);
  });

  it("has unique, relative paths, and an owner sees every page", () => {
    const paths = PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[a-z][a-z0-9-]*$/);
    for (const role of STAFF_ROLES) {
      for (const p of pagesFor(role)) expect(ROLE_PERMISSIONS[role]).toContain(p.permission);
    }
    expect(pagesFor("owner")).toEqual(PAGES);
  });
});
