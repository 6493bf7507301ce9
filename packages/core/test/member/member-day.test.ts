import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zonedDateTime } from "../../src/dates.js";
import {
  isMemberDay,
  type MemberDay,
  memberDayPercentAt,
  memberDayView,
} from "../../src/member/member-day.js";
import { maskPhone } from "../../src/validation.js";

const SHANGHAI = "Asia/Shanghai";
/** the demo's: Wednesdays, 8.8折 */
const WEDNESDAYS: MemberDay = { weekdays: [3], monthDays: [], percent: 88 };

describe("the member day", () => {
  it("falls on the restaurant's day, not the server's: Wednesday 00:30 in Shanghai is Tuesday in UTC", () => {
    const wednesdayEarly = new Date("2026-01-06T16:30:00Z");
    expect(isMemberDay(WEDNESDAYS, wednesdayEarly, SHANGHAI)).toBe(true);
    expect(isMemberDay(WEDNESDAYS, wednesdayEarly, "UTC")).toBe(false);
    // Wednesday 23:59 in Shanghai, and a minute later Thursday
    expect(isMemberDay(WEDNESDAYS, new Date("2026-01-07T15:59:00Z"), SHANGHAI)).toBe(true);
    expect(isMemberDay(WEDNESDAYS, new Date("2026-01-07T16:00:00Z"), SHANGHAI)).toBe(false);
  });

  it("falls on days of the month too; the 31st is none in a month of 30", () => {
    const day: MemberDay = { weekdays: [], monthDays: [8, 31], percent: 90 };
    expect(isMemberDay(day, new Date("2026-03-08T04:00:00Z"), SHANGHAI)).toBe(true);
    expect(isMemberDay(day, new Date("2026-03-31T04:00:00Z"), SHANGHAI)).toBe(true);
    expect(isMemberDay(day, new Date("2026-04-30T04:00:00Z"), SHANGHAI)).toBe(false);
    expect(isMemberDay(null, new Date(), SHANGHAI)).toBe(false);
  });

  it("answers its view: the days, 8.8折 (001 §9: value/10 with 折) and whether today is one", () => {
    expect(memberDayView(WEDNESDAYS, new Date("2026-01-07T04:00:00Z"), SHANGHAI)).toEqual({
      weekdays: [3],
      monthDays: [],
      percent: 88,
      text: "8.8折",
      today: true,
    });
    expect(memberDayView(null, new Date(), SHANGHAI)).toBeNull();
  });

  it("pays its percent exactly on the days it falls on, whatever the instant and zone", () => {
    const zones = fc.constantFrom(SHANGHAI, "UTC", "America/New_York", "Pacific/Kiritimati");
    const instant = fc.date({
      min: new Date("2000-01-01"),
      max: new Date("2100-01-01"),
      noInvalidDate: true,
    });
    const day = fc.record({
      weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
      monthDays: fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { maxLength: 5 }),
      percent: fc.integer({ min: 1, max: 100 }),
    });
    fc.assert(
      fc.property(day, instant, zones, (d, at, zone) => {
        const local = zonedDateTime(at, zone);
        const expected =
          d.weekdays.includes(local.weekday) || d.monthDays.includes(Number(local.date.slice(8)));
        expect(isMemberDay(d, at, zone)).toBe(expected);
        expect(memberDayPercentAt(d, at, zone)).toBe(expected ? d.percent : null);
        expect(memberDayView(d, at, zone)?.today).toBe(expected);
      }),
    );
  });
});

describe("a card's phone, masked (001 §3 telPhone)", () => {
  it("hides the middle four of the 11 digits, a prefix dropped", () => {
    expect(maskPhone("13800138000")).toBe("138****8000");
    expect(maskPhone("8613800138000")).toBe("138****8000");
  });
});
