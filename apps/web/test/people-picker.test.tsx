import { MSG, type TableOp } from "@tablemate/core";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SHARED_CART_COPY } from "../src/copy.js";
import { DinerCount } from "../src/features/cart/DinerCount.js";
import { type CartTransport, setCartTransport } from "../src/features/cart/index.js";
import { createLocalTransport } from "../src/features/cart/local-transport.js";
import type { TableEvent } from "../src/features/cart/socket-transport.js";
import { useAppStore } from "../src/store/app-store.js";
import { startedStore } from "./dish-fixtures.js";
import { renderOnMenu } from "./dish-harness.js";
import { dish, TABLE } from "./fixtures.js";

/** The top bar's count as the app store gives it, as MenuTopBar renders it. */
function TopBarCount() {
  const personNum = useAppStore((state) => state.table?.personNum ?? 0);
  return <DinerCount personNum={personNum} />;
}

/** A transport that answers every operation as the server would, and lets the test play broadcasts. */
function serverLike() {
  const sent: TableOp[] = [];
  let broadcast: (event: TableEvent) => void = () => {};
  const transport: CartTransport = {
    send: (op) => {
      sent.push(op);
      return Promise.resolve({ ok: true });
    },
    subscribe: (listener) => {
      listener([]);
      return () => {};
    },
    onEvent: (listener) => {
      broadcast = listener;
      return () => {};
    },
    close: () => {},
  };
  return { sent, transport, broadcast: (event: TableEvent) => broadcast(event) };
}

const count = () => screen.getByTestId("diner-count");

describe("the diner count in the top bar", () => {
  it("says above the counts what a count brings of each must-order dish, as the cart follows it", async () => {
    const rice = dish({
      dishesId: 302,
      name: "米饭",
      unit: "碗",
      necessary: true,
      mustFoodType: 2,
      mustFoodNum: 2,
    });
    const tea = dish({ dishesId: 301, name: "茶位费", unit: "位", necessary: true, mustFoodType: 1 });
    // a seasonal must-order dish is not added, so not said
    const soup = dish({ dishesId: 303, name: "例汤", necessary: true, mustFoodType: 1, season: true });
    startedStore({ table: TABLE, foods: [rice, tea, soup] });
    renderOnMenu(<TopBarCount />);
    fireEvent.click(count());
    const words = await screen.findByTestId("must-order-words");
    expect([...words.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "米饭 每桌2碗",
      "茶位费 每人1位",
    ]);
  });

  it("opens the picker on a tap and sends the chosen count through the cart", async () => {
    const server = serverLike();
    startedStore({ table: TABLE });
    setCartTransport(() => server.transport);
    try {
      renderOnMenu(<TopBarCount />);
      expect(count().textContent).toBe("3人");
      expect(screen.queryByRole("listbox")).toBeNull();
      fireEvent.click(count());
      const picker = await screen.findByRole("listbox", { name: SHARED_CART_COPY.peopleTitle });
      expect(within(picker).getByRole("option", { selected: true }).textContent).toBe("3人");
      await act(async () => {
        fireEvent.click(within(picker).getByRole("option", { name: "5人" }));
      });
      expect(server.sent).toEqual([{ kind: "personNum", personNum: 5 }]);
      expect(count().textContent).toBe("5人");
    } finally {
      setCartTransport(createLocalTransport);
    }
  });

  it("shows the count a tablemate chose, from the table's broadcast", () => {
    const server = serverLike();
    startedStore({ table: TABLE });
    setCartTransport(() => server.transport);
    try {
      renderOnMenu(<TopBarCount />);
      act(() =>
        server.broadcast({
          message: {
            type: MSG.people,
            code: 1000,
            socketId: "people-0001",
            version: 4,
            cart: { cartId: 1, version: 4, personNum: 6, lines: [] },
            actor: { guid: "mate-0000-0002", name: "小王" },
            opId: "mate-people-0001",
            personNum: 6,
          },
          fromTablemate: true,
        }),
      );
      expect(count().textContent).toBe("6人");
    } finally {
      setCartTransport(createLocalTransport);
    }
  });

  it("asks for the count while none is set", () => {
    startedStore({ table: { ...TABLE, personNum: 0 } });
    renderOnMenu(<TopBarCount />);
    expect(count().textContent).toBe(SHARED_CART_COPY.peopleTitle);
  });
});
