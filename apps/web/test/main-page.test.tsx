import { API } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COPY, STARTUP_FAILURE_TEXT } from "../src/copy.js";
import { EAGER_IMAGE_COUNT } from "../src/features/menu/DishRow.js";
import { useAppStore } from "../src/store/app-store.js";
import { setCookie } from "./cookies.js";
import { fail, fakeServer, ok } from "./fake-server.js";
import { dish, GUID } from "./fixtures.js";
import { normalizeUrl, renderApp } from "./render-app.js";

const LINK = "hotelid=7&tn=12&sid=signed-table-token";

function scanTable() {
  setCookie("guid", GUID);
  return renderApp(`/?${LINK}`);
}

const cardOf = (name: string) => {
  const card = screen.getAllByTestId("dish-card").find((element) => element.textContent?.includes(name));
  if (!card) throw new Error(`no card for ${name}`);
  return card;
};

describe("menu page", () => {
  it("shows the loading overlay, then the table, categories and dishes", async () => {
    fakeServer();
    scanTable();
    expect(await screen.findByText(COPY.loading)).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId("table-name").textContent).toBe("A12"));
    expect(screen.queryByText(COPY.loading)).toBeNull();
    expect(screen.getByText(COPY.dinerCount(3))).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("老街小馆");
    expect(screen.getAllByTestId("category-item").map((item) => item.textContent)).toEqual(["凉菜", "热菜"]);
    expect(screen.getAllByTestId("dish-card")).toHaveLength(3);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["凉菜", "热菜"]);

    expect(cardOf("拍黄瓜").textContent).toBe("拍黄瓜¥12");
    expect(cardOf("红烧肉").textContent).toBe("红烧肉¥58.88/例");
    expect(cardOf("清蒸鲈鱼").textContent).toBe("清蒸鲈鱼时价/斤");
  });

  it("shows dish images in fixed boxes, loading those below the first rows lazily", async () => {
    const many = Array.from({ length: EAGER_IMAGE_COUNT + 2 }, (_, i) =>
      dish({ dishesId: 300 + i, typeId: 1 }),
    );
    fakeServer({ [API.foodList]: () => ok(many) });
    scanTable();
    await waitFor(() => expect(screen.getAllByTestId("dish-card")).toHaveLength(many.length));
    const images = screen.getAllByRole("img");
    expect(images[0]?.getAttribute("src")).toBe("https://img.example.com/dish/300.webp@200w_200h_1e_1c");
    expect(images.map((img) => [img.getAttribute("width"), img.getAttribute("height")])).toEqual(
      many.map(() => ["88", "88"]),
    );
    expect(images.map((img) => img.getAttribute("loading"))).toEqual([
      ...Array(EAGER_IMAGE_COUNT).fill("eager"),
      "lazy",
      "lazy",
    ]);
  });

  it("highlights a tapped category", async () => {
    fakeServer();
    scanTable();
    const hot = await screen.findByText("热菜", { selector: "[data-testid=category-item]" });
    fireEvent.click(hot);
    await waitFor(() => expect(hot.closest(".adm-side-bar-item-active")).not.toBeNull());
    expect(useAppStore.getState().categoryIndex).toBe(1);
  });

  it("goes to the abnormal page with the reason when startup fails", async () => {
    fakeServer({ [API.restaurantDetail]: () => fail(1011, "餐厅不存在", 404) });
    const app = scanTable();
    await waitFor(() =>
      expect(app.where()).toBe(normalizeUrl(`/prompt/abnormal?${LINK}&error=restaurantInfo`)),
    );
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe(
      STARTUP_FAILURE_TEXT.restaurantInfo,
    );
    expect(screen.getByText(COPY.rescanToEnter)).toBeTruthy();
  });

  it("says 没有hotelid for a link without one", async () => {
    fakeServer();
    const app = renderApp("/?tn=12&sid=s");
    await waitFor(() => expect(app.where()).toContain("error=hotelid"));
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe("没有hotelid");
  });

  it("tells the diner, a second after loading, when the register is offline", async () => {
    fakeServer({ [API.posStatus]: () => ok(false, 200) });
    scanTable();
    await screen.findByTestId("table-name");
    const dialog = await screen.findByRole("dialog", {}, { timeout: 2_000 });
    expect(within(dialog).getByText(COPY.posOffline)).toBeTruthy();
    expect(within(dialog).getByText(COPY.gotIt)).toBeTruthy();
  });
});
