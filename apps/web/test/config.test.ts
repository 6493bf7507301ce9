import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_CONFIG, readPageData, routerBasename } from "../src/config.js";
import { adoptSearchIntoHash } from "../src/router/AppRouter.js";
import { GUID, restaurant } from "./fixtures.js";
import { injectPageData } from "./page-data.js";

describe("page data", () => {
  it("falls back to history mode, no prefix and no guid when the server injected nothing", () => {
    expect(readPageData()).toEqual({
      guid: null,
      restaurant: null,
      menu: null,
      posOnline: null,
      dinerCount: null,
      config: DEFAULT_CLIENT_CONFIG,
    });
  });

  it("reads what the server injected, keeping defaults for fields it left out", () => {
    injectPageData({
      guid: GUID,
      restaurant: restaurant(),
      config: { routerMode: "hash", routerPrefix: "/h5", socketUrl: 42 },
      posOnline: false,
      dinerCount: 2,
    });
    const data = readPageData();
    expect(data.guid).toBe(GUID);
    expect(data.posOnline).toBe(false);
    expect(data.dinerCount).toBe(2);
    expect(data.restaurant?.restaurantName).toBe("老街小馆");
    expect(data.config).toEqual({ ...DEFAULT_CLIENT_CONFIG, routerMode: "hash", routerPrefix: "/h5" });
  });

  it.each([
    ["", "/"],
    ["/", "/"],
    ["h5", "/h5"],
    ["/h5/", "/h5"],
    ["/a/b", "/a/b"],
  ])("router prefix %j is the basename %j", (prefix, basename) => {
    expect(routerBasename(prefix)).toBe(basename);
  });
});

describe("hash mode", () => {
  it("moves a table link's query into the hash, where the hash router reads it", () => {
    history.replaceState(null, "", "/h5/?hotelid=7&tn=12&sid=s");
    adoptSearchIntoHash(window.location, window.history);
    expect(window.location.pathname).toBe("/h5/");
    expect(window.location.hash).toBe("#/?hotelid=7&tn=12&sid=s");
  });

  it("leaves a link that already names a route in the hash alone", () => {
    history.replaceState(null, "", "/?from=wx#/prompt/abnormal?error=guid");
    adoptSearchIntoHash(window.location, window.history);
    expect(window.location.hash).toBe("#/prompt/abnormal?error=guid");
  });
});
