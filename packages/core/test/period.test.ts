import { describe, expect, it } from "vitest";
import {
  AVAILABLE,
  AVAILABLE_SOON,
  availableDaysString,
  availableTimeString,
  localClock,
  periodState,
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
});
