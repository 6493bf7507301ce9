import { API, type ConsoleOrder, type StaffSession } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { FULFILMENT_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/floor/console-socket.js";
import { fakeApi, OWNER_SESSION, WAITER_SESSION } from "./fake-api.js";
import { FakeSocket, ORDER } from "./floor-fixtures.js";
import { renderConsole } from "./render.js";

const TAKEOUT: ConsoleOrder = { ...ORDER, orderId: 8, eatType: "takeout", status: 2, tableName: "外送01" };
const RESERVATION: ConsoleOrder = { ...ORDER, orderId: 12, eatType: "reserve", status: 0 };
const PICK_UP: ConsoleOrder = { ...ORDER, orderId: 15, eatType: "fast", status: 2, fastSerialNo: "007" };

/** The orders list's fulfilment controls (issue 25): core's next steps, the role's, sent to the server. */
describe("fulfilment on the orders page", () => {
  let orders: ConsoleOrder[];
  const routes = (session: StaffSession) =>
    fakeApi({
      [`GET ${API.consoleSession}`]: { data: session },
      [`GET ${API.staffOrders(1)}`]: () => ({ data: orders }),
      ...Object.fromEntries(
        [TAKEOUT, RESERVATION, PICK_UP].map((o) => [
          `POST ${API.consoleOrderAction(1, o.orderId, "fulfilment")}`,
          (call: { body: unknown }) => {
            const to = (call.body as { to: ConsoleOrder["fulfilment"] }).to;
            const calledCount = to === "called" ? o.calledCount + 1 : 0;
            orders = orders.map((x) => (x.orderId === o.orderId ? { ...x, fulfilment: to, calledCount } : x));
            return { data: { orderId: o.orderId, status: o.status, fulfilment: to, calledCount } };
          },
        ]),
      ),
    }).calls;

  beforeEach(() => {
    setSocketFactory((url) => new FakeSocket(url) as unknown as WebSocket);
    orders = [TAKEOUT, RESERVATION, PICK_UP];
  });

  const row = (orderId: number) => screen.findByTestId(`orders-row-${orderId}`);

  it("shows one order number, and the step each order may take next", async () => {
    const calls = routes(WAITER_SESSION);
    renderConsole("/orders");
    const takeout = await row(8);
    expect(within(takeout).getByTestId("order-number").textContent).toBe("000008");
    expect(within(await row(15)).getByText("取餐号 007")).toBeTruthy();
    fireEvent.click(within(takeout).getByRole("button", { name: FULFILMENT_COPY.actions.delivering }));
    await waitFor(() => expect(within(screen.getByTestId("orders-row-8")).getByText("配送中")).toBeTruthy());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ to: "delivering" });
    expect(
      within(screen.getByTestId("orders-row-8")).getByRole("button", {
        name: FULFILMENT_COPY.actions.delivered,
      }),
    ).toBeTruthy();

    const pickUp = await row(15);
    fireEvent.click(within(pickUp).getByRole("button", { name: FULFILMENT_COPY.actions.called }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId("orders-row-15")).getByText(FULFILMENT_COPY.calledTimes(1)),
      ).toBeTruthy(),
    );
    expect(
      within(screen.getByTestId("orders-row-15")).getByRole("button", { name: FULFILMENT_COPY.callAgain }),
    ).toBeTruthy();
  });

  it("asks once more before a reservation is declined", async () => {
    const calls = routes(OWNER_SESSION);
    renderConsole("/orders");
    const reservation = await row(12);
    expect(within(reservation).getByRole("button", { name: FULFILMENT_COPY.actions.confirmed })).toBeTruthy();
    fireEvent.click(within(reservation).getByRole("button", { name: FULFILMENT_COPY.actions.declined }));
    fireEvent.click(await screen.findByRole("button", { name: FULFILMENT_COPY.declineOk }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ to: "declined" });
  });
});
