import fc from "fast-check";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import {
  type Bill,
  billDoc,
  docText,
  type KitchenTicket,
  kitchenTicketDoc,
  markResent,
  markTransferred,
  pickupSlipDoc,
  printableText,
  renderEscpos,
  renderFeieyun,
  renderHtml,
  renderYilianyun,
  rowLines,
  type TicketPrint,
  testPageDoc,
  textColumns,
  wrapText,
} from "../src/index.js";

const gb18030 = (text: string) => iconv.encode(text, "gb18030");

const ticket: KitchenTicket = {
  id: 41,
  number: 41,
  kind: "new",
  stationId: 2,
  stationName: "热菜",
  orderId: 7001,
  mainOrderId: null,
  orderStatus: 1,
  tableName: "A12",
  eatType: "dine",
  fastSerialNo: "",
  personNum: 4,
  wholeMemo: "花生过敏",
  allergies: ["peanuts"],
  // 12:05 in Shanghai, 04:05 UTC
  createdAt: "2026-11-28T04:05:00.000Z",
  version: 0,
  items: [
    {
      id: 1,
      orderLineId: 11,
      foodId: 3,
      name: "宫保鸡丁",
      unit: "份",
      normName: "大份",
      methodNames: ["微辣"],
      additions: [{ name: "加饭", count: 1 }],
      parts: [],
      count: "2",
      memo: "不要葱",
      state: "held",
      allergens: ["peanuts", "soybeans"],
    },
    {
      id: 2,
      orderLineId: 12,
      foodId: 4,
      name: "Coke <zero>",
      unit: "瓶",
      normName: "",
      methodNames: [],
      additions: [],
      parts: [],
      count: "1",
      memo: "",
      state: "held",
      allergens: [],
    },
  ],
};

const print: TicketPrint = {
  restaurantName: "川味小馆",
  ticket,
  reprint: false,
  reprintCount: 0,
  printedAt: "2026-11-28T04:05:03.000Z",
};
const marks = { timeZone: "Asia/Shanghai" };

const bill: Bill = {
  restaurantName: "川味小馆",
  tableName: "A12",
  orderId: 7001,
  orderIds: [7001, 7003],
  personNum: 4,
  lines: [{ name: "宫保鸡丁", normName: "大份", count: "2", unit: "份", unitPrice: "38.00", total: "76.00" }],
  deliveryFee: "0.00",
  total: "76.00",
  orderedAt: "2026-11-28T04:05:00.000Z",
  printedAt: "2026-11-28T05:30:00.000Z",
};

describe("the ticket as a page", () => {
  it("shows times in the restaurant's zone, the table large, notes bold", () => {
    const doc = kitchenTicketDoc(print, marks);
    expect(doc.title).toBe("厨房单");
    expect(docText(doc, 58)).toContain("下单 2026-11-28 12:05");
    expect(doc.blocks).toContainEqual({ type: "text", text: "桌台 A12", big: true, bold: true });
    expect(doc.blocks).toContainEqual({ type: "text", text: "  备注：不要葱", bold: true });
    expect(doc.blocks).toContainEqual({ type: "text", text: "整单备注：花生过敏", bold: true });
    // the same instant in New York is the evening before
    expect(docText(kitchenTicketDoc(print, { timeZone: "America/New_York" }), 58)).toContain(
      "下单 2026-11-27 23:05",
    );
  });

  it("prints the table's allergies large and bold, and marks the lines that hold them (issue 29)", () => {
    const doc = kitchenTicketDoc(print, marks);
    expect(doc.blocks).toContainEqual({ type: "text", text: "过敏: 花生", big: true, bold: true });
    expect(doc.blocks).toContainEqual({ type: "text", text: "  ！含花生", bold: true });
    // an 加菜 ticket later in the visit carries it too; a table that told nothing has no such line
    const addOn = kitchenTicketDoc({ ...print, ticket: { ...ticket, mainOrderId: 7000 } }, marks);
    expect(docText(addOn, 58)).toContain("过敏: 花生");
    const untold = kitchenTicketDoc({ ...print, ticket: { ...ticket, allergies: [] } }, marks);
    expect(docText(untold, 80)).not.toContain("过敏: ");
    expect(docText(untold, 80)).not.toContain("！含");
  });

  it("labels 加菜, 退菜, 重印 and 转打印", () => {
    const addOn = kitchenTicketDoc({ ...print, ticket: { ...ticket, mainOrderId: 7000 } }, marks);
    expect(addOn.title).toBe("加菜单");
    expect(docText(addOn, 80)).toContain("加菜(原单7000)");
    const cancel = kitchenTicketDoc({ ...print, ticket: { ...ticket, kind: "cancel" } }, marks);
    expect(cancel.title).toBe("退菜单");
    expect(docText(cancel, 80)).toContain("退 宫保鸡丁");
    const again = markTransferred(
      kitchenTicketDoc({ ...print, reprint: true, reprintCount: 2 }, marks),
      "热菜打印机",
    );
    expect(docText(again, 80)).toContain("【重印】第2次");
    expect(docText(again, 80)).toContain("【转打印】原：热菜打印机");
  });

  it("marks a page sent again after its first send's fate was lost 重印, once", () => {
    const doc = kitchenTicketDoc(print, marks);
    const again = markResent(doc);
    expect(again.title).toBe("厨房单（重印）");
    expect(again.blocks[1]).toEqual({
      type: "text",
      text: "【重印】可能重复",
      big: true,
      bold: true,
      center: true,
    });
    // one big line even on 58 mm paper
    expect(docText(again, 58)).toContain("【重印】可能重复");
    expect(markResent(again)).toEqual(again);
    // a staff reprint's page already says 重印 on paper: its one mark stays
    const reprint = {
      ...kitchenTicketDoc({ ...print, reprint: true, reprintCount: 1 }, marks),
      title: "厨房单（重印）",
    };
    expect(markResent(reprint)).toEqual(reprint);
    // a page whose paper does not say it yet (a bill's reprint) gets the mark
    expect(docText(markResent({ ...billDoc(bill, marks), title: "结账单（重印）" }), 80)).toContain(
      "【重印】",
    );
    expect(markResent({ ...billDoc(bill, marks), title: "结账单（重印）" }).title).toBe("结账单（重印）");
  });

  it("puts the pick-up number of a quick-service order first", () => {
    const fast = { ...ticket, eatType: "fast" as const, fastSerialNo: "A023" };
    expect(docText(kitchenTicketDoc({ ...print, ticket: fast }, marks), 58)).toContain("取餐号 A023");
    const slip = pickupSlipDoc(
      { restaurantName: "川味小馆", ticket: fast, printedAt: print.printedAt },
      marks,
    );
    expect(slip.blocks).toContainEqual({ type: "text", text: "A023", big: true, bold: true, center: true });
  });
});

describe("the customer's bill", () => {
  it("prints a takeout's delivery fee as a row of its own before the total, and none without one", () => {
    const takeout = billDoc({ ...bill, deliveryFee: "6.00", total: "82.00" }, marks);
    const text = docText(takeout, 80);
    expect(takeout.blocks).toContainEqual({ type: "row", left: "配送费", right: "￥6.00" });
    expect(text.indexOf("配送费")).toBeLessThan(text.indexOf("合计"));
    expect(docText(billDoc(bill, marks), 80)).not.toContain("配送费");
  });
});

describe("renderings (snapshots)", () => {
  const doc = kitchenTicketDoc(print, marks);
  it("plain text at 58 and 80 mm", () => {
    expect(docText(doc, 58)).toMatchSnapshot();
    expect(docText(billDoc(bill, marks), 80)).toMatchSnapshot();
  });
  it("ESC/POS bytes", () => {
    expect(Buffer.from(renderEscpos(doc, 58, gb18030)).toString("hex")).toMatchSnapshot();
  });
  it("飞鹅 markup", () => {
    expect(renderFeieyun(doc, 58)).toMatchSnapshot();
  });
  it("易联云 markup", () => {
    expect(renderYilianyun(doc, 58)).toMatchSnapshot();
  });
  it("HTML", () => {
    expect(renderHtml(doc, 80)).toMatchSnapshot();
  });
  it("a test page", () => {
    expect(docText(testPageDoc("前台", "2026-11-28T04:05:00.000Z", marks), 58)).toMatchSnapshot();
  });
});

describe("ESC/POS text", () => {
  it("encodes Chinese as GB18030 that decodes back to the page's text", () => {
    const bytes = Buffer.from(renderEscpos(kitchenTicketDoc(print, marks), 80, gb18030));
    expect(iconv.decode(bytes, "gb18030")).toContain("宫保鸡丁");
    // 宫 in GB2312 is B9 AC
    expect(bytes.includes(Buffer.from([0xb9, 0xac]))).toBe(true);
  });

  it("prints ¥ as the full-width ￥ every GB font has (never four-byte GB18030, shown as '0 6')", () => {
    expect(printableText("¥12")).toBe("￥12");
    const bytes = Buffer.from(renderEscpos(billDoc(bill, marks), 58, gb18030));
    expect(bytes.includes(Buffer.from([0xa3, 0xa4]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x81, 0x30, 0x84, 0x36]))).toBe(false);
  });

  it("markup escapes the page's own angle brackets", () => {
    const markup = renderFeieyun(kitchenTicketDoc(print, marks), 58);
    expect(markup).toContain("Coke ＜zero＞");
    expect(renderHtml(kitchenTicketDoc(print, marks), 58)).toContain("Coke &lt;zero&gt;");
  });
});

describe("layout properties", () => {
  const text = fc.string({ unit: fc.constantFrom("a", "1", " ", "宫", "保", "￥", "鸡"), maxLength: 80 });
  it("wrapping never splits a character nor passes the width, and loses nothing", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 48 }), (t, columns) => {
        const lines = wrapText(t, columns);
        expect(lines.join("")).toBe(t);
        for (const line of lines) expect(textColumns(line)).toBeLessThanOrEqual(columns);
      }),
    );
  });
  it("a row fits the paper and ends with its right text", () => {
    fc.assert(
      fc.property(text, fc.string({ unit: fc.constantFrom("×", "2", "￥", "."), maxLength: 8 }), (l, r) => {
        const lines = rowLines(l, r, 32);
        for (const line of lines) expect(textColumns(line)).toBeLessThanOrEqual(32);
        expect(lines[lines.length - 1]?.endsWith(r)).toBe(true);
      }),
    );
  });
});
