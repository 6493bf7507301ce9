import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reportRangeQuerySchema, reportSummarySchema } from "../src/contract/console-reports.js";
import { csvField, csvText, UTF8_BOM } from "../src/csv.js";
import { formatDateTime, zonedDayStart } from "../src/dates.js";
import {
  averagePerDiner,
  dinersOf,
  type ReportLine,
  type ReportOrder,
  reportDays,
  summarizeOrders,
} from "../src/reports.js";

const SHANGHAI = "Asia/Shanghai";
const at = (iso: string) => new Date(iso);
const order = (over: Partial<ReportOrder> & { id: number }): ReportOrder => ({
  mainOrderId: null,
  createdAt: at("2026-03-01T04:00:00Z"),
  status: 0,
  totalPrice: "10.00",
  deliveryFeeCents: 0,
  personNum: 2,
  ...over,
});
const line = (
  orderId: number,
  foodId: number,
  count: string,
  total: string,
  name = `菜${foodId}`,
): ReportLine => ({
  orderId,
  foodId,
  name,
  count,
  total,
});

describe("a restaurant's day", () => {
  it.each([
    ["2026-03-01", SHANGHAI, "2026-02-28T16:00:00.000Z"],
    ["2026-03-01", "UTC", "2026-03-01T00:00:00.000Z"],
    ["2026-07-01", "America/New_York", "2026-07-01T04:00:00.000Z"],
    ["2026-01-15", "America/New_York", "2026-01-15T05:00:00.000Z"],
    ["2026-03-01", "Asia/Kolkata", "2026-02-28T18:30:00.000Z"],
  ])("%s begins in %s at %s", (date, zone, iso) => {
    expect(zonedDayStart(date, zone).toISOString()).toBe(iso);
  });

  it("counts a takeout's delivery fee in the revenue, not a cancelled one's", () => {
    const summary = summarizeOrders({
      days: { from: "2026-03-01", to: "2026-03-01" },
      timezone: SHANGHAI,
      orders: [
        order({ id: 1, totalPrice: "58.00", deliveryFeeCents: 500 }),
        order({ id: 2, totalPrice: "10.00" }),
        order({ id: 3, totalPrice: "20.00", deliveryFeeCents: 500, status: 4 }),
      ],
      lines: [],
    });
    expect(summary.revenue).toBe("73.00");
  });

  it("is midnight on the zone's clock for any date and zone", () => {
    const zones = ["Asia/Shanghai", "Europe/London", "America/Los_Angeles", "Australia/Sydney", "UTC"];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.constantFrom(...zones), (offset, zone) => {
        const date = new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        expect(formatDateTime(zonedDayStart(date, zone), zone)).toBe(`${date} 00:00`);
      }),
    );
  });

  it("reads a report's range: today by default, one day from one end, both ends included", () => {
    const now = at("2026-03-01T17:30:00Z"); // 01:30 on 2 March in Shanghai
    expect(reportDays({}, now, SHANGHAI)).toEqual({
      from: "2026-03-02",
      to: "2026-03-02",
      start: at("2026-03-01T16:00:00Z"),
      end: at("2026-03-02T16:00:00Z"),
    });
    expect(reportDays({ from: "2026-02-01" }, now, SHANGHAI)).toMatchObject({
      from: "2026-02-01",
      to: "2026-02-01",
    });
    const range = reportDays({ from: "2026-02-01", to: "2026-02-28" }, now, SHANGHAI);
    expect(range.end.getTime() - range.start.getTime()).toBe(28 * 86_400_000);
  });

  it("refuses a range that runs backwards, is longer than a year, or names no real date", () => {
    expect(reportRangeQuerySchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }).success).toBe(false);
    expect(reportRangeQuerySchema.safeParse({ from: "2025-01-01", to: "2026-03-01" }).success).toBe(false);
    expect(reportRangeQuerySchema.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(reportRangeQuerySchema.safeParse({ from: "2026-3-1" }).success).toBe(false);
    expect(reportRangeQuerySchema.safeParse({ from: "2026-03-01", to: "2026-03-01" }).success).toBe(true);
    expect(reportRangeQuerySchema.safeParse({}).success).toBe(true);
  });
});

describe("today's numbers", () => {
  it.each([
    ["100.00", 3, "33.33"],
    ["100.00", 6, "16.67"],
    ["0.05", 2, "0.03"],
    ["0.00", 4, "0.00"],
    ["88.00", 0, null],
  ])("averages %s over %i diners to %s (half-up, to the cent)", (revenue, diners, average) => {
    expect(averagePerDiner(revenue, diners)).toBe(average);
  });

  it("counts each party's diners once, however many orders it added", () => {
    expect(
      dinersOf([
        { id: 1, mainOrderId: null, personNum: 4 },
        { id: 2, mainOrderId: 1, personNum: 4 },
        { id: 3, mainOrderId: 1, personNum: 5 },
        { id: 9, mainOrderId: null, personNum: 2 },
      ]),
    ).toBe(7);
    // an addition whose first order is not in the set still counts its party
    expect(dinersOf([{ id: 2, mainOrderId: 1, personNum: 3 }])).toBe(3);
  });

  it("sums exactly, leaves cancelled orders out, ranks dishes and counts orders per hour of the restaurant's clock", () => {
    const orders = [
      order({ id: 1, totalPrice: "33.30", personNum: 3, createdAt: at("2026-03-01T04:10:00Z") }), // 12:10
      order({
        id: 2,
        mainOrderId: 1,
        totalPrice: "0.10",
        personNum: 3,
        createdAt: at("2026-03-01T04:50:00Z"),
      }),
      order({ id: 3, totalPrice: "50.00", status: 4, personNum: 8, createdAt: at("2026-03-01T05:00:00Z") }),
      order({ id: 4, totalPrice: "19.90", personNum: 1, status: 7, createdAt: at("2026-03-01T11:00:00Z") }), // 19:00
    ];
    const lines = [
      line(1, 10, "2", "30.0000", "宫保鸡丁(旧)"),
      line(1, 11, "1", "3.3000"),
      line(2, 11, "1", "0.1000"),
      line(3, 12, "9", "50.0000"),
      line(4, 10, "1", "15.0000", "宫保鸡丁"),
      line(4, 13, "1.250", "4.9000", "称重鱼"),
    ];
    const summary = summarizeOrders({
      days: { from: "2026-03-01", to: "2026-03-01" },
      timezone: SHANGHAI,
      orders,
      lines,
    });
    expect(reportSummarySchema.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({ orders: 3, revenue: "53.30", diners: 4, averagePerDiner: "13.33" });
    expect(summary.topDishes).toEqual([
      { foodId: 10, name: "宫保鸡丁", quantity: "3", revenue: "45.00" },
      { foodId: 11, name: "菜11", quantity: "2", revenue: "3.40" },
      { foodId: 13, name: "称重鱼", quantity: "1.25", revenue: "4.90" },
    ]);
    expect(summary.byHour).toHaveLength(24);
    expect(summary.byHour[12]).toEqual({ hour: 12, orders: 2 });
    expect(summary.byHour[19]).toEqual({ hour: 19, orders: 1 });
    expect(summary.byHour[13]).toEqual({ hour: 13, orders: 0 });
  });

  it("names no average and no dishes for a day without orders", () => {
    const summary = summarizeOrders({
      days: { from: "2026-03-01", to: "2026-03-01" },
      timezone: SHANGHAI,
      orders: [],
      lines: [],
    });
    expect(summary).toMatchObject({
      orders: 0,
      revenue: "0.00",
      diners: 0,
      averagePerDiner: null,
      topDishes: [],
    });
  });

  const orderArb = fc.record({
    cents: fc.integer({ min: 0, max: 10_000_00 }),
    status: fc.constantFrom(0, 1, 2, 4, 5, 7, 8),
    personNum: fc.integer({ min: 0, max: 20 }),
    minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  });

  it("agrees with the sum of the counted orders whatever their order, and every counted order has an hour", () => {
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 40 }), fc.integer(), (specs, seed) => {
        const orders = specs.map((spec, i) =>
          order({
            id: i + 1,
            totalPrice: new Big(spec.cents).div(100).toFixed(2),
            status: spec.status,
            personNum: spec.personNum,
            createdAt: new Date(Date.parse("2026-02-28T16:00:00Z") + spec.minute * 60_000),
          }),
        );
        const shuffled = [...orders].sort(
          (a, b) => ((a.id * 7919 + seed) % 101) - ((b.id * 7919 + seed) % 101),
        );
        const days = { from: "2026-03-01", to: "2026-03-01" };
        const one = summarizeOrders({ days, timezone: SHANGHAI, orders, lines: [] });
        const other = summarizeOrders({ days, timezone: SHANGHAI, orders: shuffled, lines: [] });
        expect(other).toEqual(one);
        const counted = specs.filter((spec) => spec.status !== 4);
        const cents = counted.reduce((sum, spec) => sum + spec.cents, 0);
        expect(one.revenue).toBe(new Big(cents).div(100).toFixed(2));
        expect(one.orders).toBe(counted.length);
        expect(one.byHour.reduce((sum, slot) => sum + slot.orders, 0)).toBe(counted.length);
        expect(one.diners).toBe(counted.reduce((sum, spec) => sum + spec.personNum, 0));
      }),
    );
  });
});

describe("CSV for spreadsheets", () => {
  it.each([
    ["宫保鸡丁", "宫保鸡丁"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    [" padded ", '" padded "'],
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["-1+1", "'-1+1"],
    ["@cmd", "'@cmd"],
    [12.5, "12.5"],
    [null, ""],
  ])("writes %j as %s", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it("ends every row with CRLF, and the BOM is the UTF-8 one", () => {
    expect(
      csvText([
        ["a", "b"],
        [1, "x,y"],
      ]),
    ).toBe('a,b\r\n1,"x,y"\r\n');
    expect(Buffer.from(UTF8_BOM, "utf8")).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("reads back as the values it was given (a quoting round trip)", () => {
    const parse = (text: string): string[] => {
      const out: string[] = [];
      let field = "";
      let quoted = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (quoted && c === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') {
          quoted = !quoted;
        } else if (!quoted && c === ",") {
          out.push(field);
          field = "";
        } else {
          field += c;
        }
      }
      out.push(field);
      return out;
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s)),
          { minLength: 1, maxLength: 5 },
        ),
        (values) => {
          expect(parse(csvText([values]).slice(0, -2))).toEqual(values);
        },
      ),
    );
  });
});
