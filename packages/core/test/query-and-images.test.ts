import { describe, expect, it } from "vitest";
import { parseImageSuffix, sizedImageUrl } from "../src/images.js";
import { CARRIED_QUERY_KEYS, isOfficialAccountUser, ORDER_LIST_QUERY_KEYS, pickQuery } from "../src/query.js";

describe("query carrying", () => {
  it("carries the 14 parameters and the order list keeps only 10", () => {
    expect(CARRIED_QUERY_KEYS).toHaveLength(14);
    expect(ORDER_LIST_QUERY_KEYS).toHaveLength(10);
    const query = { hotelid: "1", tn: "2", sid: "x", orderId: "9", mainWxId: "w", junk: "no" };
    expect(pickQuery(query, CARRIED_QUERY_KEYS)).toEqual({
      hotelid: "1",
      tn: "2",
      sid: "x",
      orderId: "9",
      mainWxId: "w",
    });
    expect(pickQuery(query, ORDER_LIST_QUERY_KEYS)).toEqual({ hotelid: "1", tn: "2", sid: "x" });
  });

  it("detects official-account visitors by urlSource 3, or t without urlSource", () => {
    expect(isOfficialAccountUser({ urlSource: "3" })).toBe(true);
    expect(isOfficialAccountUser({ urlSource: "2", t: "1" })).toBe(false);
    expect(isOfficialAccountUser({ t: "1" })).toBe(true);
    expect(isOfficialAccountUser({})).toBe(false);
  });
});

describe("image size suffixes", () => {
  it("appends the layout's size with crop flags, replacing an earlier suffix", () => {
    expect(sizedImageUrl("/images/dishes/a.svg", "big")).toBe("/images/dishes/a.svg@345w_195h_1e_1c");
    expect(sizedImageUrl("/images/dishes/a.svg@200w_200h_1e_1c", "nine")).toBe(
      "/images/dishes/a.svg@223w_168h_1e_1c",
    );
  });

  it("parses sizes and refuses absurd ones", () => {
    expect(parseImageSuffix("345w_195h_1e_1c")).toEqual({ width: 345, height: 195 });
    expect(parseImageSuffix("99999w_1h")).toBeNull();
    expect(parseImageSuffix("abc")).toBeNull();
  });
});
