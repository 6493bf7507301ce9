import { allergenConflicts, allergenWords, allergyLine } from "../allergens.js";
import type { Bill, KitchenTicket, TicketPrint } from "../contract/console-kitchen.js";
import { formatIsoDateTime } from "../dates.js";
import { orderNumber } from "../order-number.js";
import type { PrintBlock, PrintDoc } from "./doc.js";

export interface PageMarks {
  /** the restaurant's time zone: every time on paper is the restaurant's wall clock */
  timeZone: string;
}

/**
 * A ticket's own lines under the dish: what it holds of the table's allergies (bold, issue 29), spec,
 * methods, additions, set parts, then its note in bold.
 */
function itemBlocks(
  item: KitchenTicket["items"][number],
  cancel: boolean,
  allergies: readonly string[],
): PrintBlock[] {
  const blocks: PrintBlock[] = [
    {
      type: "row",
      left: `${cancel ? "退 " : ""}${item.name}`,
      right: `×${item.count}`,
      big: true,
      bold: cancel,
    },
  ];
  const subs = [
    item.normName,
    ...item.methodNames,
    ...item.additions.map((a) => `${a.name}×${a.count}`),
    ...item.parts.map((p) => `${p.name}×${p.count}`),
  ].filter(Boolean);
  const held = allergenConflicts(item.allergens, allergies);
  if (held.length > 0) blocks.push({ type: "text", text: `  ！含${allergenWords(held)}`, bold: true });
  for (const text of subs) blocks.push({ type: "text", text: `  ${text}` });
  if (item.memo) blocks.push({ type: "text", text: `  备注：${item.memo}`, bold: true });
  return blocks;
}

const reprintBlocks = (print: { reprint: boolean; reprintCount: number }): PrintBlock[] =>
  print.reprint
    ? [{ type: "text", text: `【重印】第${print.reprintCount}次`, big: true, bold: true, center: true }]
    : [];

/**
 * The page as the backup printer prints it when its own printer failed: 转打印 and the printer it
 * was meant for, large and bold under the title, so the kitchen knows it may be a second copy.
 */
export function markTransferred(doc: PrintDoc, fromPrinter: string): PrintDoc {
  const [head, ...rest] = doc.blocks;
  const mark: PrintBlock = {
    type: "text",
    text: `【转打印】原：${fromPrinter}`,
    big: true,
    bold: true,
    center: true,
  };
  return { ...doc, blocks: head ? [head, mark, ...rest] : [mark] };
}

/** How a page printed again says so in its title (the queue's list) as a staff reprint does. */
export const REPRINT_TITLE = "（重印）";

/**
 * The page sent again after its first send's fate could not be learnt (飞鹅 answered no order id and
 * its printer's queue was then cleared): the first copy may be on paper, so this one says 重印, large
 * and bold under the title, and its title says so in the queue. A page whose paper already says 重印
 * (a kitchen ticket's reprint, or one sent again before) keeps its one mark.
 */
export function markResent(doc: PrintDoc): PrintDoc {
  const title = doc.title.endsWith(REPRINT_TITLE) ? doc.title : `${doc.title}${REPRINT_TITLE}`;
  if (doc.blocks.some((b) => b.type === "text" && b.text.startsWith("【重印】"))) return { ...doc, title };
  const [head, ...rest] = doc.blocks;
  const mark: PrintBlock = { type: "text", text: "【重印】可能重复", big: true, bold: true, center: true };
  return { ...doc, title, blocks: head ? [head, mark, ...rest] : [mark] };
}

/** Where the food goes, large: the pick-up number of a quick-service order, else the table. */
export const ticketPlace = (ticket: Pick<KitchenTicket, "fastSerialNo" | "tableName">): string =>
  ticket.fastSerialNo ? `取餐号 ${ticket.fastSerialNo}` : `桌台 ${ticket.tableName}`;

/**
 * A kitchen ticket (a delta of one order at one station): 厨房单 for new lines (加菜 when the order
 * was added to another), 退菜单 for lines taken back; 重印 on a reprint, 转打印 on a backup printer.
 */
export function kitchenTicketDoc(print: TicketPrint, marks: PageMarks): PrintDoc {
  const { ticket } = print;
  const cancel = ticket.kind === "cancel";
  const addOn = ticket.mainOrderId !== null;
  const title = cancel ? "退菜单" : addOn ? "加菜单" : "厨房单";
  const blocks: PrintBlock[] = [
    { type: "text", text: `${ticket.stationName} ${title}`, big: true, bold: true, center: true },
    ...reprintBlocks(print),
    { type: "text", text: ticketPlace(ticket), big: true, bold: true },
    // the table told the kitchen of allergies: on every station's ticket of the visit, 加菜 too
    ...(ticket.allergies.length > 0
      ? [{ type: "text" as const, text: allergyLine(ticket.allergies), big: true, bold: true }]
      : []),
    {
      type: "row",
      left: `单号 ${ticket.number}${addOn ? ` 加菜(原单${ticket.mainOrderId})` : ""}`,
      right: ticket.personNum > 0 ? `${ticket.personNum}人` : "",
    },
    { type: "text", text: `订单 ${orderNumber(ticket.orderId)}` },
    { type: "text", text: `下单 ${formatIsoDateTime(ticket.createdAt, marks.timeZone)}` },
    { type: "rule" },
    ...ticket.items.flatMap((item) => itemBlocks(item, cancel, ticket.allergies)),
  ];
  if (ticket.wholeMemo)
    blocks.push({ type: "rule" }, { type: "text", text: `整单备注：${ticket.wholeMemo}`, bold: true });
  blocks.push(
    { type: "rule" },
    { type: "text", text: `打印 ${formatIsoDateTime(print.printedAt, marks.timeZone)}` },
  );
  return { title, blocks };
}

/** The customer's bill (结账单) at the counter: lines with prices, a takeout's delivery fee, the total large. */
export function billDoc(bill: Bill, marks: PageMarks): PrintDoc {
  return {
    title: "结账单",
    blocks: [
      { type: "text", text: bill.restaurantName, big: true, bold: true, center: true },
      { type: "text", text: "结账单", center: true },
      { type: "row", left: `桌台 ${bill.tableName}`, right: bill.personNum > 0 ? `${bill.personNum}人` : "" },
      { type: "text", text: `订单 ${bill.orderIds.map(orderNumber).join(",")}` },
      { type: "text", text: `下单 ${formatIsoDateTime(bill.orderedAt, marks.timeZone)}` },
      { type: "rule" },
      ...bill.lines.flatMap((l): PrintBlock[] => [
        { type: "row", left: l.normName ? `${l.name}(${l.normName})` : l.name, right: `￥${l.total}` },
        { type: "text", text: `  ${l.count}${l.unit} × ￥${l.unitPrice}` },
      ]),
      ...(Number(bill.deliveryFee) > 0
        ? [{ type: "row", left: "配送费", right: `￥${bill.deliveryFee}` } satisfies PrintBlock]
        : []),
      { type: "rule" },
      { type: "row", left: "合计", right: `￥${bill.total}`, big: true, bold: true },
      { type: "text", text: `打印 ${formatIsoDateTime(bill.printedAt, marks.timeZone)}` },
    ],
  };
}

/** A quick-service order's pick-up slip (取餐单): the number very large, what was ordered under it. */
export function pickupSlipDoc(
  slip: { restaurantName: string; ticket: KitchenTicket; printedAt: string },
  marks: PageMarks,
): PrintDoc {
  const { ticket } = slip;
  return {
    title: "取餐单",
    blocks: [
      { type: "text", text: slip.restaurantName, bold: true, center: true },
      { type: "text", text: "取餐号", center: true },
      {
        type: "text",
        text: ticket.fastSerialNo || String(ticket.orderId),
        big: true,
        bold: true,
        center: true,
      },
      { type: "text", text: `订单 ${orderNumber(ticket.orderId)}` },
      { type: "text", text: `下单 ${formatIsoDateTime(ticket.createdAt, marks.timeZone)}` },
      { type: "rule" },
      ...ticket.items.map((i): PrintBlock => ({ type: "row", left: i.name, right: `×${i.count}` })),
      { type: "rule" },
      { type: "text", text: "请留意叫号取餐", center: true },
    ],
  };
}

/** A printer's test page: its name and the time, a line of Chinese and the ￥ sign to check the font. */
export function testPageDoc(printerName: string, at: string, marks: PageMarks): PrintDoc {
  return {
    title: "测试页",
    blocks: [
      { type: "text", text: "打印测试页", big: true, bold: true, center: true },
      { type: "text", text: `打印机：${printerName}` },
      { type: "text", text: `时间：${formatIsoDateTime(at, marks.timeZone)}` },
      { type: "rule" },
      { type: "row", left: "宫保鸡丁", right: "￥38.00" },
      { type: "text", text: "中文打印正常", bold: true },
    ],
  };
}
