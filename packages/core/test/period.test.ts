import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AVAILABLE,
  AVAILABLE_SOON,
  availableDaysString,
  availableTimeString,
  localClock,
  NO_SALE_PERIOD,
  periodState,
  salablePeriodCode,
  saleStatus,
  UNAVAILABLE,
} from "../src/period.js";

const at = (weekday: number, hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return { weekday, minutes: h * 60 + m };
};

describe("sale periods", () => {
  const lunchAndDinner = { week: "1,2,3,4,5", time: "11:00-14:00,17:00-21:00" };

  it("is on sale inside a range on a sale day", () => {
    expect(periodState(lunchAndDinner, at(1, "12:00"))).toMatchObject({
      availableStatus: AVAILABLE,
      endsSoon: false,
    });
  });

  it("ends soon within 30 minutes of the range's end, naming the end", () => {
    expect(periodState(lunchAndDinner, at(2, "13:40"))).toMatchObject({
      availableStatus: AVAILABLE,
      endsSoon: true,
      nextTime: "14:00",
    });
  });

  it("is available soon before a later range today, and unavailable after the last", () => {
    expect(periodState(lunchAndDinner, at(3, "15:00"))).toMatchObject({
      availableStatus: AVAILABLE_SOON,
      nextTime: "17:00",
    });
    expect(periodState(lunchAndDinner, at(3, "21:00")).availableStatus).toBe(UNAVAILABLE);
  });

  it("is unavailable on a day off; day 0 means every day; time 0 means all day", () => {
    expect(periodState(lunchAndDinner, at(6, "12:00")).availableStatus).toBe(UNAVAILABLE);
    expect(periodState({ week: "0", time: "0" }, at(7, "03:00"))).toMatchObject({
      availableStatus: AVAILABLE,
      isAllDay: true,
    });
    expect(periodState(null, at(7, "03:00")).availableStatus).toBe(AVAILABLE);
  });

  it("describes days and times in Chinese", () => {
    expect(availableDaysString("1,3,7")).toBe("周一、周三、周日");
    expect(availableDaysString("0")).toBe("每天");
    expect(availableTimeString("11:00-14:00,17:00-21:00")).toBe("11:00-14:00，17:00-21:00");
    expect(availableTimeString("0")).toBe("全天");
    expect(availableTimeString("17:00-24:00")).toBe("17:00-24:00");
  });

  it("reads the wall clock of the restaurant's time zone", () => {
    // 2026-11-23 is a Monday; 04:30 UTC is 12:30 in Shanghai
    expect(localClock(new Date("2026-11-23T04:30:00Z"), "Asia/Shanghai")).toEqual({
      weekday: 1,
      minutes: 750,
    });
    // 23:30 UTC Sunday is already Monday 07:30 in Shanghai
    expect(localClock(new Date("2026-11-22T23:30:00Z"), "Asia/Shanghai")).toEqual({
      weekday: 1,
      minutes: 450,
    });
  });

  it("reads the same clock whether or not it was read earlier in the same minute", () => {
    const fresh = (instant: Date, timeZone: string) => {
      const text = instant.toLocaleString("en-GB", {
        timeZone,
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
      const [day = "", time = ""] = text.split(" ");
      const [hour, minute] = time.split(":").map(Number);
      return {
        weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(day) + 1,
        minutes: (hour ?? 0) * 60 + (minute ?? 0),
      };
    };
    // whole-hour, half-hour and quarter-hour offsets, and a zone that changes its offset (DST)
    const zone = fc.constantFrom("Asia/Shanghai", "Asia/Kolkata", "Asia/Kathmandu", "America/New_York");
    // instants around minute turns and around New York's 2026 DST changes
    const instant = fc.oneof(
      fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
      fc.integer({ min: Date.UTC(2026, 2, 8, 6, 58), max: Date.UTC(2026, 2, 8, 7, 2) }),
      fc.integer({ min: Date.UTC(2026, 10, 1, 5, 58), max: Date.UTC(2026, 10, 1, 6, 2) }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, zone), { minLength: 1, maxLength: 20 }), (reads) => {
        for (const [ms, timeZone] of reads) {
          expect(localClock(new Date(ms), timeZone)).toEqual(fresh(new Date(ms), timeZone));
          // again in the same minute, a few seconds on
          const later = new Date(Math.min(ms + 7_000, Math.floor(ms / 60_000) * 60_000 + 59_999));
          expect(localClock(later, timeZone)).toEqual(fresh(later, timeZone));
        }
      }),
    );
  });
});

describe("dish.availability-codes: the food list's availability codes (spec 001 §4)", () => {
  const lunch = { week: "0", time: "11:00-14:00" };
  const codes = [0, AVAILABLE, AVAILABLE_SOON, UNAVAILABLE] as const;

  it("sends salablePeriodType 0 without a period, else the period's state: 1 on sale, 2 soon, 3 unavailable", () => {
    expect(salablePeriodCode(null, periodState(null, at(1, "09:00")))).toBe(NO_SALE_PERIOD);
    expect(salablePeriodCode(lunch, periodState(lunch, at(1, "12:00")))).toBe(AVAILABLE);
    expect(salablePeriodCode(lunch, periodState(lunch, at(1, "09:00")))).toBe(AVAILABLE_SOON);
    expect(salablePeriodCode(lunch, periodState(lunch, at(1, "15:00")))).toBe(UNAVAILABLE);
  });

  it("reads 3 in either code as unavailable and 2 as available soon; 0 and 1 leave a dish on sale", () => {
    expect(saleStatus({ availableStatus: UNAVAILABLE, salablePeriodType: 0 })).toBe(UNAVAILABLE);
    expect(saleStatus({ availableStatus: AVAILABLE, salablePeriodType: UNAVAILABLE })).toBe(UNAVAILABLE);
    expect(saleStatus({ availableStatus: AVAILABLE_SOON, salablePeriodType: 1 })).toBe(AVAILABLE_SOON);
    expect(saleStatus({ availableStatus: AVAILABLE, salablePeriodType: AVAILABLE_SOON })).toBe(
      AVAILABLE_SOON,
    );
    expect(saleStatus({ availableStatus: AVAILABLE_SOON, salablePeriodType: UNAVAILABLE })).toBe(UNAVAILABLE);
    expect(saleStatus({ availableStatus: AVAILABLE, salablePeriodType: 0 })).toBe(AVAILABLE);
  });

  it("is symmetric in its two codes and never better than either", () => {
    const code = fc.constantFrom(...codes);
    fc.assert(
      fc.property(code, code, (a, b) => {
        const status = saleStatus({ availableStatus: a, salablePeriodType: b });
        expect(status).toBe(saleStatus({ availableStatus: b, salablePeriodType: a }));
        expect(status).toBeGreaterThanOrEqual(Math.max(a, b, AVAILABLE));
      }),
    );
  });
});
