import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, PHONE_OPTIONS, phoneContext } from "./support/browser.js";
import { scanTable } from "./support/diner-count.js";
import { layoutProblems } from "./support/layout.js";
import { type RunningServer, startServer } from "./support/server.js";
import { atEachPhoneSize, sizeName, walkTour } from "./support/tour.js";

/**
 * The automatic layout check (issue 16): every stop of the screenshot tour (support/tour.ts) at
 * 360×740 and 390×844, checked by support/layout.ts's rules: nothing wider than the phone, nothing
 * cut off, no sheet's button covered.
 */
describe("layout at 360×740 and 390×844", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the check reports what is cut off, covered or too wide, and excuses scrolling and truncation", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.setContent(`
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <style>
        body { margin: 0; }
        .sheet { position: fixed; left: 0; bottom: 0; width: 100%; padding: 0 16px; background: #eee; }
        .bar { position: fixed; left: 0; right: 0; bottom: 0; height: 40px; z-index: 5; background: #333; }
        .category-tabs__items, .list { display: flex; overflow-x: auto; }
        .list { flex-direction: column; height: 100px; overflow-y: auto; }
        .clipped { width: 100px; overflow: hidden; }
        .ellipsis { width: 100px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
      </style>
      <div class="category-tabs__items">${"<span style='flex:none;width:120px'>热菜</span>".repeat(8)}</div>
      <div class="list"><div style="width:500px" data-testid="wide-line">宽</div>${"<p>菜</p>".repeat(10)}</div>
      <div class="clipped"><button style="margin-left:80px;width:60px">保存</button></div>
      <div class="ellipsis">一道名字很长很长很长很长很长很长的菜<b>辣</b></div>
      <div class="sheet" data-testid="sheet"><button>清空</button></div>
      <div class="bar"></div>
      <div style="position:fixed;top:0;right:0;width:120px"><button>取消</button></div>
    `);
    expect(await layoutProblems(page)).toEqual([
      expect.stringMatching(/^<div .list>.* scrolls sideways: holds 500 px in 390 px$/),
      expect.stringMatching(/^<button> "保存" .* is cut off by <div .clipped>/),
      expect.stringMatching(
        /^<div data-testid=sheet .sheet> "清空" .* sticks out of the 390 px wide screen$/,
      ),
    ]);

    // the sheet, the list and the clipping box made to fit: the sheet's button is then found under the bar
    await page.addStyleTag({ content: ".sheet { box-sizing: border-box; } .clipped { width: 150px; }" });
    await page.evaluate(() => document.querySelector("[data-testid=wide-line]")?.remove());
    expect(await layoutProblems(page)).toEqual([
      expect.stringMatching(/^<button> "清空" .* is covered at its centre .* by <div .bar>$/),
    ]);

    // a paragraph too wide: a phone widens the page to fit it, so the whole page is too wide
    await page.evaluate(() =>
      document.body.insertAdjacentHTML("afterbegin", "<p style='width:420px'>太宽</p>"),
    );
    expect((await layoutProblems(page)).slice(0, 2)).toEqual([
      "the page is 421 px wide on a 390 px screen",
      expect.stringMatching(/^<p> "太宽" .* sticks out of the 390 px wide screen$/),
    ]);
    await context.close();
  });

  it("the menu's top bar keeps the whole table name at 360 px in every language, the label giving way", async () => {
    const shown: string[] = [];
    // 川味小馆's A03 (issue 25: テーブル | 1名 without it) and 速味快餐's 吧台1
    const a03 = server.tables.filter((t) => t.restaurant === "川味小馆")[2];
    const bar = server.tables.find((t) => t.restaurant === "速味快餐");
    if (!a03 || !bar) throw new Error("demo tables missing");
    for (const [shotName, table] of [
      ["a03", a03],
      ["counter", bar],
    ] as const) {
      for (const locale of ["zh-CN", "en-US", "ja-JP"]) {
        const context = await phoneContext(browser, locale);
        const page = await context.newPage();
        await page.setViewportSize({ width: 360, height: 740 });
        await scanTable(page, table.url);
        const name = page.getByTestId("table-name");
        await expect.poll(() => name.textContent()).toBe(table.table);
        await page.locator(".menu-topbar__diners").waitFor();
        // the name is drawn whole: its box as wide as its text (to within rounding), not cut to an ellipsis
        const box = await name.evaluate((el) => {
          const text = document.createRange();
          text.selectNodeContents(el);
          return { width: el.getBoundingClientRect().width, needs: text.getBoundingClientRect().width };
        });
        expect(box.needs).toBeGreaterThan(0);
        expect(box.width).toBeGreaterThanOrEqual(box.needs - 0.1);
        expect(await layoutProblems(page)).toEqual([]);
        shown.push(`${locale} ${table.table}`);
        if (locale === "ja-JP")
          await page.locator(".menu-topbar").screenshot({
            path: new URL(`./screenshots/topbar-ja-${shotName}@360.png`, import.meta.url).pathname,
          });
        await context.close();
      }
    }
    expect(shown).toHaveLength(6);
  });

  it("no page, sheet, dialog or toast of the tour is wider than the phone, cut off or covered", async () => {
    const problems: string[] = [];
    const stops: string[] = [];
    // the check reads boxes, not pixels: the phones draw at 1x, which costs this loaded machine less
    await walkTour(
      browser,
      server,
      (page, name) =>
        atEachPhoneSize(page, async (size) => {
          stops.push(name);
          for (const problem of await layoutProblems(page))
            problems.push(`${name} at ${sizeName(size)}: ${problem}`);
        }),
      { ...PHONE_OPTIONS, deviceScaleFactor: 1 },
    );
    // every sheet the issue names is among the stops, each at both sizes
    for (const sheet of [
      "cart-note-editor",
      "diner-count-picker",
      "quantity-keypad",
      "cart-expanded",
      "table-picker",
    ])
      expect(stops.filter((name) => name === sheet)).toHaveLength(2);
    expect(problems).toEqual([]);
  }, 240_000);
});
