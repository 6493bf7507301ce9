import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, formatDate, zonedDateTime } from "../../src/dates.js";
import {
  type CouponValidityRule,
  couponValidity,
  VALIDITY_TYPE,
  validityState,
} from "../../src/member/coupon-validity.js";

const SHANGHAI = "Asia/Shanghai";
/** an instant written on Shanghai's clock (UTC+8 all year) */
const sh = (wallClock: string) => new Date(`${wallClock}+08:00`);
const before = (d: Date) => new Date(d.getTime() - 1);
const after = (d: Date) => new Date(d.getTime() + 1);

describe("type 1: no validity limit", () => {
  it("is valid from the moment it is given and never expires", () => {
    const given = sh("2026-05-01T10:00:00");
    const v = couponValidity({ validityType: VALIDITY_TYPE.unlimited }, given, SHANGHAI);
    expect(v).toEqual({ startsAt: given, endsAt: null, firstDay: "2026-05-01", lastDay: null });
    expect(validityState(v, before(given))).toBe("notYetValid");
    expect(validityState(v, given)).toBe("valid");
    expect(validityState(v, sh("2099-12-31T23:59:59"))).toBe("valid");
  });
});

describe("type 2: validityDays days after effectiveTime days", () => {
  const rule = (effectiveTime: number, validityDays: number): CouponValidityRule => ({
    validityType: VALIDITY_TYPE.daysAfterGiven,
    effectiveTime,
    validityDays,
  });

  it("effective at once: from the moment given to the end of the 7th day, the given day counting", () => {
    const given = sh("2026-05-01T10:00:00");
    const v = couponValidity(rule(0, 7), given, SHANGHAI);
    expect(v.startsAt).toEqual(given);
    expect(v.endsAt).toEqual(sh("2026-05-07T23:59:59.999"));
    expect(v.firstDay).toBe("2026-05-01");
    expect(v.lastDay).toBe("2026-05-07");
  });

  it("the last valid moment is 23:59:59.999 Shanghai; Shanghai's midnight is already expired", () => {
    const v = couponValidity(rule(0, 7), sh("2026-05-01T10:00:00"), SHANGHAI);
    const end = v.endsAt as Date;
    expect(validityState(v, end)).toBe("valid");
    expect(validityState(v, after(end))).toBe("expired");
    expect(after(end)).toEqual(sh("2026-05-08T00:00:00"));
    // that midnight is 16:00 UTC the day before: the UTC date plays no part
    expect(after(end).toISOString()).toBe("2026-05-07T16:00:00.000Z");
  });

  it("effective after 2 days: from the start of the 3rd day, for 7 days", () => {
    const given = sh("2026-05-01T10:00:00");
    const v = couponValidity(rule(2, 7), given, SHANGHAI);
    expect(v.startsAt).toEqual(sh("2026-05-03T00:00:00"));
    expect(v.endsAt).toEqual(sh("2026-05-09T23:59:59.999"));
    expect([v.firstDay, v.lastDay]).toEqual(["2026-05-03", "2026-05-09"]);
    expect(validityState(v, given)).toBe("notYetValid");
    expect(validityState(v, before(v.startsAt))).toBe("notYetValid");
    expect(validityState(v, v.startsAt)).toBe("valid");
  });

  it("given at 23:59 Shanghai: that day is its first day (a 1-day coupon lasts that last minute)", () => {
    const given = sh("2026-05-01T23:59:00");
    const oneDay = couponValidity(rule(0, 1), given, SHANGHAI);
    expect(oneDay.endsAt).toEqual(sh("2026-05-01T23:59:59.999"));
    expect(validityState(oneDay, sh("2026-05-01T23:59:59.999"))).toBe("valid");
    expect(validityState(oneDay, sh("2026-05-02T00:00:00"))).toBe("expired");

    const nextDay = couponValidity(rule(1, 1), given, SHANGHAI);
    expect(nextDay.startsAt).toEqual(sh("2026-05-02T00:00:00"));
    expect(nextDay.endsAt).toEqual(sh("2026-05-02T23:59:59.999"));
  });

  it("counts days on Shanghai's calendar, not UTC's: given at 00:30 Shanghai (16:30 UTC the day before)", () => {
    const given = sh("2026-05-02T00:30:00");
    expect(given.toISOString()).toBe("2026-05-01T16:30:00.000Z");
    const v = couponValidity(rule(0, 1), given, SHANGHAI);
    expect(v.firstDay).toBe("2026-05-02");
    expect(v.endsAt).toEqual(sh("2026-05-02T23:59:59.999"));
  });

  it("crosses a month and a year end", () => {
    const v = couponValidity(rule(0, 3), sh("2026-12-30T12:00:00"), SHANGHAI);
    expect(v.lastDay).toBe("2027-01-01");
    expect(v.endsAt).toEqual(sh("2027-01-01T23:59:59.999"));
  });

  it("refuses a template without whole days", () => {
    const given = sh("2026-05-01T10:00:00");
    expect(() => couponValidity({ validityType: 2, effectiveTime: 0 }, given, SHANGHAI)).toThrow(RangeError);
    expect(() => couponValidity(rule(0, 0), given, SHANGHAI)).toThrow(RangeError);
    expect(() => couponValidity(rule(-1, 3), given, SHANGHAI)).toThrow(RangeError);
    expect(() => couponValidity(rule(0, 1.5), given, SHANGHAI)).toThrow(RangeError);
  });

  it("always spans exactly validityDays Shanghai days and ends the instant before a Shanghai midnight", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2024-01-01T00:00:00Z"),
          max: new Date("2030-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 400 }),
        (given, effectiveTime, validityDays) => {
          const v = couponValidity(rule(effectiveTime, validityDays), given, SHANGHAI);
          const end = v.endsAt as Date;
          expect(daysBetween(v.firstDay, v.lastDay as string) + 1).toBe(validityDays);
          expect(v.firstDay).toBe(addDays(formatDate(given, SHANGHAI), effectiveTime));
          expect(formatDate(end, SHANGHAI)).toBe(v.lastDay);
          expect(zonedDateTime(after(end), SHANGHAI).minutes).toBe(0);
          expect(validityState(v, end)).toBe("valid");
          expect(validityState(v, after(end))).toBe("expired");
          expect(validityState(v, given)).toBe(effectiveTime === 0 ? "valid" : "notYetValid");
        },
      ),
    );
  });
});

describe("type 3: from startTime to endTime", () => {
  it("dates alone: from the first day's midnight to the end of the last day, whenever it is given", () => {
    const rule: CouponValidityRule = { validityType: 3, startTime: "2026-06-01", endTime: "2026-06-30" };
    const v = couponValidity(rule, sh("2026-05-20T09:00:00"), SHANGHAI);
    expect(v.startsAt).toEqual(sh("2026-06-01T00:00:00"));
    expect(v.endsAt).toEqual(sh("2026-06-30T23:59:59.999"));
    expect([v.firstDay, v.lastDay]).toEqual(["2026-06-01", "2026-06-30"]);
    expect(validityState(v, sh("2026-05-31T23:59:59.999"))).toBe("notYetValid");
    expect(validityState(v, sh("2026-06-01T00:00:00"))).toBe("valid");
    expect(validityState(v, sh("2026-06-30T23:59:59.999"))).toBe("valid");
    expect(validityState(v, sh("2026-07-01T00:00:00"))).toBe("expired");
    // given inside the range: the range does not move
    expect(couponValidity(rule, sh("2026-06-15T23:59:00"), SHANGHAI)).toEqual(v);
  });

  it("dates and times: to the end of the last minute", () => {
    const rule: CouponValidityRule = {
      validityType: 3,
      startTime: "2026-06-01 11:00",
      endTime: "2026-06-01 14:30",
    };
    const v = couponValidity(rule, sh("2026-05-20T09:00:00"), SHANGHAI);
    expect(v.startsAt).toEqual(sh("2026-06-01T11:00:00"));
    expect(v.endsAt).toEqual(sh("2026-06-01T14:30:59.999"));
    expect(validityState(v, sh("2026-06-01T14:31:00"))).toBe("expired");
  });

  it("refuses a missing end, an end before the start and a date that does not exist", () => {
    const given = sh("2026-05-20T09:00:00");
    expect(() => couponValidity({ validityType: 3, startTime: "2026-06-01" }, given, SHANGHAI)).toThrow(
      RangeError,
    );
    expect(() =>
      couponValidity({ validityType: 3, startTime: "2026-06-02", endTime: "2026-06-01" }, given, SHANGHAI),
    ).toThrow(RangeError);
    expect(() =>
      couponValidity({ validityType: 3, startTime: "2026-02-30", endTime: "2026-03-01" }, given, SHANGHAI),
    ).toThrow(RangeError);
    expect(() =>
      couponValidity(
        { validityType: 4 as 3, startTime: "2026-06-01", endTime: "2026-06-02" },
        given,
        SHANGHAI,
      ),
    ).toThrow(RangeError);
  });
});
