import {
  type CartLine,
  detailId,
  type LineChoice,
  MSG,
  type OrderDetail,
  type OrderMessage,
  type OrderStatusMessage,
} from "@tablemate/core";
import { act, render, screen } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach } from "vitest";
import { useCartStore } from "../src/features/cart/cart-store.js";
import { resetCheckout } from "../src/features/checkout/checkout-store.js";
import { clearToasts } from "../src/features/loading/toast.js";
import { resetCallWaiterCooldown } from "../src/features/order/use-call-waiter.js";
import { OrderDetailPage } from "../src/pages/order-detail/OrderDetailPage.js";
import { OrderListPage } from "../src/pages/order-list/OrderListPage.js";
import { PayPages } from "../src/pages/pay/PayPages.js";
import { SubOrderPage } from "../src/pages/sub-order/SubOrderPage.js";
import { SupplyInfoPage } from "../src/pages/supply-info/SupplyInfoPage.js";
import type { AppState } from "../src/store/types.js";
import { startedStore } from "./dish-fixtures.js";
import { CART_ID, GUID, TABLE, TABLE_ID } from "./fixtures.js";

afterEach(() => {
  clearToasts();
  Dialog.clear();
  resetCheckout();
  resetCallWaiterCooldown();
});

/** The store as startup leaves it at the fixtures' table, with the cart's sign and the table joined. */
export function startedAtTable(overrides: Partial<AppState> = {}): void {
  startedStore({ cartIdSign: CART_ID.sign, table: TABLE, ...overrides });
}

export function lineOf(foodId: number, choice: LineChoice, count: string, memo = ""): CartLine {
  return { ...choice, detailId: detailId(foodId, choice), foodId, count, memo };
}

/** Puts lines in the cart through its store, as taps would. */
export async function fillCart(lines: CartLine[]): Promise<void> {
  await act(async () => {
    for (const line of lines) {
      await useCartStore.getState().add(line.foodId, line);
      await useCartStore.getState().set(line.detailId, line.count);
      if (line.memo) await useCartStore.getState().note(line.detailId, line.memo);
    }
  });
}

/** The order pages, the pay pages and a menu marker, at `url`. */
export function renderOrderPages(url: string, menu: ReactNode = <p>菜单页</p>) {
  const router = createMemoryRouter(
    [
      { path: "/main", element: menu },
      { path: "/order/subOrder", Component: SubOrderPage },
      { path: "/order/detail", Component: OrderDetailPage },
      { path: "/order/list", Component: OrderListPage },
      { path: "/supplyInfo", Component: SupplyInfoPage },
      { path: "/pay", Component: PayPages },
      { path: "/pay/success", Component: PayPages },
      { path: "/member/selectCoupons", Component: PayPages },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return {
    router,
    where: () => ({
      path: router.state.location.pathname,
      query: Object.fromEntries(new URLSearchParams(router.state.location.search)),
    }),
  };
}

export const toastText = async (text: string) => screen.findByText(text);

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    orderId: 31,
    wxId: GUID,
    mainWxId: GUID,
    num: "000031",
    posBillId: "",
    totalPaidMoney: "0.00",
    restaurant: { restaurantId: 7, restaurantName: "老街小馆" },
    tableId: TABLE_ID,
    tableName: "A12",
    dishOrders: [
      {
        id: 1,
        foodId: 101,
        dishesName: "拍黄瓜",
        detailId: "101__",
        normName: "",
        methodNames: [],
        additions: [],
        parts: [],
        count: "2",
        unit: "份",
        price: "12.00",
        vipPrice: "12.00",
        total: "24.00",
        memo: "少放蒜",
        orderId: 31,
        cancelled: false,
      },
      {
        id: 2,
        foodId: 201,
        dishesName: "酸菜鱼",
        detailId: "201_1101_1203",
        normName: "大份",
        methodNames: ["微辣"],
        additions: [{ id: 9, name: "加豆腐", count: 2 }],
        parts: [],
        count: "1",
        unit: "份",
        price: "88.50",
        vipPrice: "80.00",
        total: "88.50",
        memo: "",
        orderId: 31,
        cancelled: false,
      },
    ],
    pays: [],
    status: 0,
    orderNeedMoney: "112.50",
    orderVipNeedMoney: "104.00",
    orderTotalPrice: "112.50",
    orderRecieveMoney: "0.00",
    orderRefundMoney: "0.00",
    orderWeChatMoney: "0.00",
    orderRedMoney: "0.00",
    orderCouponMoney: "0.00",
    orderDiscount: "0.00",
    orderServiceMoney: "0.00",
    orderWipeMoney: "0.00",
    orderSubmitTime: "2025-05-01T04:30:00.000Z",
    posTime: null,
    openTime: "2025-05-01T04:30:00.000Z",
    eatType: "dine",
    chargeMoney: "112.50",
    vipId: "",
    paymentType: 0,
    foodCount: 3,
    prePrint: false,
    orderDiffMoney: "8.50",
    payment: "later",
    payingOrderType: 0,
    posCancelCode: "",
    cancelOrders: [],
    reserve: null,
    takeout: false,
    deliveryFee: "0.00",
    estimatedArrival: null,
    fastSerialNo: "",
    invoiceTitle: "",
    personNum: 3,
    wholeMemo: "快点上菜",
    mainOrderId: null,
    held: false,
    fulfilment: null,
    calledCount: 0,
    member: null,
    ...overrides,
  };
}

export type OrderNews = OrderMessage | OrderStatusMessage;
export type OrderNewsFields = Partial<Pick<OrderNews, "orderId" | "status" | "userId" | "actor">>;

/** An order's news on the table's socket (types 3 and 12), from `actor` (a tablemate's guid, or staff). */
export function orderNews(type: OrderNews["type"], actor: string, fields: OrderNewsFields): OrderNews {
  const common = {
    code: 1000 as const,
    socketId: crypto.randomUUID(),
    version: 3,
    cart: { cartId: 55, version: 3, personNum: 2, lines: [] },
    actor: fields.actor ?? { guid: actor, name: "" },
    userId: fields.userId ?? actor,
    orderId: fields.orderId ?? 0,
    status: fields.status ?? 0,
  };
  return type === MSG.order ? { type, ...common } : { type, ...common };
}
