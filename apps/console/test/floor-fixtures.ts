import type { ConsoleOrder, ConsoleSocketMessage, FloorTable } from "@tablemate/core";

/**
 * The floor's fixtures: a fake console socket, a table's card, an order with every part of a line and
 * the card of the table it stands at, as the server sends them.
 */

export const card = (over: Partial<FloorTable>): FloorTable => ({
  tableId: 1,
  name: "A1",
  tableType: 1,
  state: "free",
  visitId: null,
  openedAt: null,
  minutesSeated: null,
  personNum: 0,
  diners: 0,
  cartLines: 0,
  openOrders: 0,
  newOrders: 0,
  heldOrders: 0,
  calls: [],
  total: "0.00",
  paidTotal: "0.00",
  paid: false,
  ...over,
});

export const ORDER: ConsoleOrder = {
  orderId: 31,
  tableId: 2,
  tableName: "A2",
  status: 2,
  held: false,
  gateReasons: [],
  mainOrderId: null,
  paymentType: 0,
  eatType: "dine",
  personNum: 2,
  fastSerialNo: "",
  fulfilment: null,
  calledCount: 0,
  wholeMemo: "",
  contact: null,
  total: "58.00",
  orderTotalPrice: "58.00",
  orderSubmitTime: "2026-11-24T04:00:00.000Z",
  comped: "0.00",
  createdAt: "2026-11-24T04:00:00.000Z",
  posTime: null,
  placedBy: { kind: "diner", id: "guid-1234", name: "食客1234" },
  lines: [
    {
      lineId: 9,
      foodId: 5,
      name: "水煮鱼",
      unit: "份",
      normName: "大份",
      methodNames: ["微辣"],
      additions: [{ id: 1, name: "加豆芽", count: 1 }],
      parts: [],
      count: "1",
      weighed: false,
      unitPrice: "58.00",
      total: "58.00",
      memo: "不要香菜",
      addedBy: { kind: "staff", id: "staff:7", name: "小李" },
      comped: null,
      voided: null,
    },
  ],
  events: [],
};

/** A2, where ORDER stands: two diners seated 12 minutes, the order open, ¥58. */
export const ORDER_TABLE: FloorTable = card({
  tableId: 2,
  name: "A2",
  state: "ordered",
  visitId: 5,
  minutesSeated: 12,
  personNum: 2,
  openOrders: 1,
  total: "58.00",
});

/** A fake console socket: the test sends what the server would. */
export class FakeSocket {
  static last: FakeSocket | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send() {}
  close() {}
  push(message: ConsoleSocketMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}
