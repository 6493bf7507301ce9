import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bookingRuleFor,
  bookingSlots,
  checkBookedTime,
  PICKUP_RULE,
  RESERVATION_RULE,
} from "../src/booking.js";
import { orderPayloadSchema } from "../src/contract/order.js";
import { addDays, joinDateTime, weekdayOf, type ZonedDateTime } from "../src/dates.js";
import { businessHoursText, isOpenAt, takesOrderNow } from "../src/shop.js";

const at = (date: string, hhmm: string): ZonedDateTime => {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return { date, minutes: h * 60 + m, weekday: weekdayOf(date) };
};

const lunchToLate = { businessTime: "10:00-22:00" };
const overnight = { businessTime: "17:00-02:00" };
const allDay = { businessTime: "00:00-24:00" };
// a Tuesday
const TODAY = "2026-11-24";

describe("business hours", () => {
  it("are open from the start up to (not at) the end, past midnight when the end comes first", () => {
    expect([599, 600, 1319, 1320].map((m) => isOpenAt(lunchToLate, m))).toEqual([false, true, true, false]);
    expect([16 * 60 + 59, 17 * 60, 23 * 60 + 59, 0, 119, 120].map((m) => isOpenAt(overnight, m))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(isOpenAt(allDay, 0) && isOpenAt(allDay, 1439)).toBe(true);
    expect(isOpenAt({ businessTime: "全天" }, 300)).toBe(true);
    expect(businessHoursText(overnight)).toBe("17:00-02:00");
    expect(businessHoursText(allDay)).toBe("");
  });

  it("close to orders now outside them; a reservation only when the hotel is locked", () => {
    const late = { weekday: 2, minutes: 22 * 60 + 30 };
    expect(takesOrderNow({ ...lunchToLate, hotelLock: false }, late, false)).toBe(false);
    expect(takesOrderNow({ ...lunchToLate, hotelLock: false }, late, true)).toBe(true);
    expect(takesOrderNow({ ...lunchToLate, hotelLock: true }, late, true)).toBe(false);
  });
});

describe("the times a booking picker offers", () => {
  it("starts at the next quarter after now, within the hours, over the next 7 days", () => {
    const days = bookingSlots(lunchToLate, at(TODAY, "12:07"), RESERVATION_RULE);
    expect(days.map((d) => d.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => addDays(TODAY, n)));
    expect(days[0]?.weekday).toBe(2);
    expect(days[0]?.times.slice(0, 3)).toEqual(["12:15", "12:30", "12:45"]);
    expect(days[0]?.times.at(-1)).toBe("21:45");
    expect(days[1]?.times[0]).toBe("10:00");
    expect(days[1]?.times).toHaveLength(48);
    // on a quarter, the next one
    expect(bookingSlots(lunchToLate, at(TODAY, "12:15"), RESERVATION_RULE)[0]?.times[0]).toBe("12:30");
  });

  it("leaves out today once it has closed: tomorrow from opening is first", () => {
    const days = bookingSlots(lunchToLate, at(TODAY, "22:30"), RESERVATION_RULE);
    expect(days[0]).toMatchObject({ date: "2026-11-25", weekday: 3 });
    expect(days[0]?.times[0]).toBe("10:00");
    expect(days).toHaveLength(6);
  });

  it("gives overnight hours each date's early hours and its evening", () => {
    const [today, tomorrow] = bookingSlots(overnight, at(TODAY, "01:00"), RESERVATION_RULE);
    expect(today?.times.slice(0, 4)).toEqual(["01:15", "01:30", "01:45", "17:00"]);
    expect(today?.times.at(-1)).toBe("23:45");
    expect(tomorrow?.times.slice(0, 8)).toEqual([
      "00:00",
      "00:15",
      "00:30",
      "00:45",
      "01:00",
      "01:15",
      "01:30",
      "01:45",
    ]);
    expect(tomorrow?.times).not.toContain("02:00");
    expect(tomorrow?.times).not.toContain("16:45");
  });

  it("offers takeout and pick-up later today only", () => {
    const days = bookingSlots(lunchToLate, at(TODAY, "20:50"), PICKUP_RULE);
    expect(days).toEqual([{ date: TODAY, weekday: 2, times: ["21:00", "21:15", "21:30", "21:45"] }]);
    expect(bookingRuleFor(false)).toBe(PICKUP_RULE);
    expect(bookingRuleFor(true)).toBe(RESERVATION_RULE);
  });
});

describe("a booked time (checked by the server at submit, and by the form)", () => {
  const now = at(TODAY, "22:30");

  it("takes a time the restaurant is open, even while it is closed now", () => {
    expect(checkBookedTime(lunchToLate, now, "2026-11-25 10:00", RESERVATION_RULE)).toBeNull();
    expect(checkBookedTime(lunchToLate, now, "2026-11-30 21:59", RESERVATION_RULE)).toBeNull();
    // not on the picker's quarter grid, and still a time the restaurant is open
    expect(checkBookedTime(lunchToLate, now, "2026-11-25 12:07", RESERVATION_RULE)).toBeNull();
  });

  it("refuses a time outside the hours, at closing time, or in the past", () => {
    expect(checkBookedTime(lunchToLate, now, "2026-11-25 09:45", RESERVATION_RULE)).toBe("closed");
    expect(checkBookedTime(lunchToLate, now, "2026-11-25 22:00", RESERVATION_RULE)).toBe("closed");
    expect(checkBookedTime(lunchToLate, now, "2026-11-24 12:00", RESERVATION_RULE)).toBe("past");
    expect(checkBookedTime(lunchToLate, now, "2026-11-24 22:30", RESERVATION_RULE)).toBe("past");
    expect(checkBookedTime(lunchToLate, now, "2026-11-23 12:00", RESERVATION_RULE)).toBe("past");
  });

  it("refuses beyond the rule's days, a time that is none, and a reservation without a time", () => {
    expect(checkBookedTime(lunchToLate, now, "2026-12-01 12:00", RESERVATION_RULE)).toBe("tooFar");
    expect(checkBookedTime(lunchToLate, now, "马上", RESERVATION_RULE)).toBe("invalid");
    expect(checkBookedTime(lunchToLate, now, "", RESERVATION_RULE)).toBe("missing");
    // takeout and pick-up: no time is as soon as possible; tomorrow is too far
    expect(checkBookedTime(lunchToLate, at(TODAY, "12:00"), "", PICKUP_RULE)).toBeNull();
    expect(checkBookedTime(lunchToLate, at(TODAY, "12:00"), "2026-11-25 12:00", PICKUP_RULE)).toBe("tooFar");
  });

  it("follows overnight hours across midnight", () => {
    const evening = at(TODAY, "23:00");
    expect(checkBookedTime(overnight, evening, "2026-11-25 01:30", RESERVATION_RULE)).toBeNull();
    expect(checkBookedTime(overnight, evening, "2026-11-25 02:00", RESERVATION_RULE)).toBe("closed");
    expect(checkBookedTime(overnight, evening, "2026-11-25 16:59", RESERVATION_RULE)).toBe("closed");
    expect(checkBookedTime(overnight, evening, "2026-11-24 23:30", RESERVATION_RULE)).toBeNull();
  });

  it("takes every time a picker offers, and refuses every other quarter of the window", () => {
    const hours = fc.constantFrom(lunchToLate, overnight, allDay, { businessTime: "06:30-14:15" });
    fc.assert(
      fc.property(
        hours,
        fc.integer({ min: 0, max: 1439 }),
        fc.constantFrom(RESERVATION_RULE, PICKUP_RULE),
        (restaurant, minutes, rule) => {
          const now = { date: TODAY, minutes, weekday: 2 };
          const offered = new Set(
            bookingSlots(restaurant, now, rule).flatMap((d) => d.times.map((t) => `${d.date} ${t}`)),
          );
          for (let ahead = -1; ahead <= rule.days; ahead++) {
            for (let m = 0; m < 1440; m += rule.stepMinutes) {
              const time = joinDateTime(addDays(TODAY, ahead), m);
              expect(checkBookedTime(restaurant, now, time, rule) === null, time).toBe(offered.has(time));
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the booked time on the wire (core's contract)", () => {
  const order = (time: unknown) => ({
    submitId: "0f8e4c2a-1b3d-4e5f-8a9b-0c1d2e3f4a5b",
    restaurantId: 7,
    realTableId: 12,
    cartId: 55,
    cartIdSign: "sign",
    wholeMemo: { guid: "0b7c1f9e-2d4a-4b8e-9c1d-3f5a6b7c8d9e" },
    userId: "0b7c1f9e-2d4a-4b8e-9c1d-3f5a6b7c8d9e",
    time,
  });

  it("is 'YYYY-MM-DD HH:mm', empty, or absent", () => {
    for (const time of ["2026-11-25 18:30", "", undefined]) {
      expect(orderPayloadSchema.safeParse(order(time)).success, String(time)).toBe(true);
    }
    for (const time of ["马上", "18:30", "2026-11-25T18:30", "2026-02-30 18:30", "2026-11-25 18:30:00"]) {
      const parsed = orderPayloadSchema.safeParse(order(time));
      expect(parsed.success, time).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["time"]);
    }
  });
});
