import type { TourPart } from "./tour.js";

/**
 * The diner-count step (/selectNumber): the grid of counts, then the typed count opened by 更多人数
 * (not confirmed), at a 川味小馆 table nobody else in the tour scans (its fourth), before any count is set.
 */
export const shootSelectNumberScreens: TourPart = async (context, server, stop) => {
  const table = server.tables.filter((t) => t.restaurant === "川味小馆")[3];
  if (!table) throw new Error("川味小馆 has too few tables");
  const page = await context.newPage();
  await page.goto(table.url);
  await page.getByRole("heading", { name: "请选择用餐人数", level: 1 }).waitFor();
  await page.waitForLoadState("networkidle");
  await stop(page, "select-number");
  await page.getByRole("button", { name: "更多人数" }).click();
  await page.getByRole("textbox").fill("16");
  await stop(page, "select-number-more");
  await page.close();
};
