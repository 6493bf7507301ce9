import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  formatDate,
  formatDateTime,
  formatIsoDateTime,
  joinDateTime,
  parseDateTime,
  weekdayOf,
  zonedDateTime,
} from "../src/dates.js";

describe("dates as the diner reads them (000 §5, 001 §9)", () => {
  it("formats a date as YYYY-MM-DD and a date and time as YYYY-MM-DD HH:mm, in the given zone", () => {
    // 2026-11-24 16:05 UTC is past midnight in Shanghai (UTC+8)
    const instant = new Date("2026-11-24T16:05:09.000Z");
    expect(formatDate(instant, "Asia/Shanghai")).toBe("2026-11-25");
    expect(formatDateTime(instant, "Asia/Shanghai")).toBe("2026-11-25 00:05");
    expect(formatDate(instant, "UTC")).toBe("2026-11-24");
    expect(formatDateTime(instant, "UTC")).toBe("2026-11-24 16:05");
    expect(formatDateTime(new Date("2026-01-02T03:04:00Z"), "America/New_York")).toBe("2026-01-01 22:04");
  });

  it("formats the wire's ISO timestamps, and shows text that is none as it is", () => {
    expect(formatIsoDateTime("2025-05-01T04:35:00.000Z", "Asia/Shanghai")).toBe("2025-05-01 12:35");
    expect(formatIsoDateTime("马上", "Asia/Shanghai")).toBe("马上");
  });

  it("reads the wall clock of a zone: date, minutes since midnight, weekday", () => {
    expect(zonedDateTime(new Date("2026-11-24T14:30:00Z"), "Asia/Shanghai")).toEqual({
      date: "2026-11-24",
      minutes: 22 * 60 + 30,
      weekday: 2,
    });
    // midnight is 00:00, never 24:00
    expect(zonedDateTime(new Date("2026-11-29T16:00:00Z"), "Asia/Shanghai")).toEqual({
      date: "2026-11-30",
      minutes: 0,
      weekday: 1,
    });
  });

  it("reads back only real dates and times of day", () => {
    expect(parseDateTime("2026-11-25 18:30")).toEqual({ date: "2026-11-25", minutes: 18 * 60 + 30 });
    expect(parseDateTime("2028-02-29 00:00")).toEqual({ date: "2028-02-29", minutes: 0 });
    for (const bad of [
      "马上",
      "18:30",
      "2026-11-25",
      "2026/11/25 18:30",
      "2026-11-25T18:30",
      "2026-11-25 18:30:00",
      "2026-02-29 12:00",
      "2026-13-01 12:00",
      "2026-11-31 12:00",
      "2026-11-25 24:00",
      "2026-11-25 12:60",
      " 2026-11-25 12:00",
    ]) {
      expect(parseDateTime(bad), bad).toBeNull();
    }
  });

  it("counts calendar days across months, years and leap days", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-11-24", "2026-12-01")).toBe(7);
    expect(daysBetween("2026-11-24", "2026-11-23")).toBe(-1);
    expect(weekdayOf("2026-11-24")).toBe(2);
    expect(weekdayOf("2026-11-29")).toBe(7);
  });

  it("reads back what it writes, and agrees with the zone's clock day after day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }),
        fc.constantFrom("Asia/Shanghai", "UTC", "Europe/Berlin", "America/Los_Angeles"),
        (ms, zone) => {
          const instant = new Date(ms);
          const wall = zonedDateTime(instant, zone);
          const written = formatDateTime(instant, zone);
          expect(written).toBe(joinDateTime(wall.date, wall.minutes));
          expect(parseDateTime(written)).toEqual({ date: wall.date, minutes: wall.minutes });
          expect(weekdayOf(wall.date)).toBe(wall.weekday);
          expect(daysBetween(wall.date, addDays(wall.date, 40))).toBe(40);
        },
      ),
    );
  });
});
