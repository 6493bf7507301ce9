import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { API, orderNumber, type Printer, type PrintJob, type Station } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_COPY, PRINTERS_COPY } from "../apps/console/src/copy/index.js";
import {
  type FakeEscposPrinter,
  startFakeEscposPrinter,
} from "../apps/server/src/modules/print/fakes/escpos-printer.js";
import { launchChromium } from "./support/browser.js";
import {
  consoleUrl,
  placeDinerOrder,
  printedConsoleCredentials,
  signIn,
  tabletContext,
} from "./support/console.js";
import { type RunningServer, startServer } from "./support/server.js";

const RID = 1;
const SHOTS = join(import.meta.dirname, "screenshots");

/**
 * Printing end to end (issue 27) at 川味小馆: the embedded default's virtual printer prints a diner's
 * order, the staff see the job printed on the 打印 page with its paper strip; then the 凉菜 station
 * prints at a LAN printer (the ESC/POS fake, in this process) with the virtual one as its backup:
 * taken offline, the kitchen screen shows the alert within 10 s and the job prints at the backup
 * marked 转打印.
 */
describe("kitchen tickets print themselves", () => {
  let server: RunningServer;
  let browser: Browser;
  let tablet: BrowserContext;
  let staff: Page;
  let lan: FakeEscposPrinter;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser, lan] = await Promise.all([
      startServer({ PRINT_FAILOVER_S: "5" }),
      launchChromium(),
      startFakeEscposPrinter(),
    ]);
    tablet = await tabletContext(browser);
    staff = await tablet.newPage();
    staff.on("pageerror", (error) => errors.push(String(error)));
    const credentials = (await printedConsoleCredentials(server)).find((c) => c.restaurantId === RID);
    if (!credentials) throw new Error("no console sign-in for 川味小馆");
    await staff.goto(consoleUrl(server, "print"));
    await signIn(staff, credentials);
    await staff.goto(consoleUrl(server, "print"));
  });
  afterAll(async () => {
    await tablet?.close();
    await browser?.close();
    await server?.stop();
    await lan?.close();
  });

  /** The tablet's own staff call (its session cookie). */
  async function staffCall<T>(path: string, method = "GET", body?: object): Promise<T> {
    return staff.evaluate(
      async ([url, verb, payload]) => {
        const response = await fetch(url as string, {
          method: verb as string,
          credentials: "same-origin",
          headers: payload ? { "content-type": "application/json" } : {},
          body: payload ? JSON.stringify(payload) : undefined,
        });
        return ((await response.json()) as { data: unknown }).data;
      },
      [path, method, body] as const,
    ) as Promise<T>;
  }
  const jobsOf = async (orderId: string) =>
    (await staffCall<PrintJob[]>(API.consolePrintJobs(RID))).filter((j) => String(j.orderId) === orderId);

  it("a diner's order prints at the virtual 凉菜 printer; the staff see it printed, on paper", async () => {
    await staff.getByTestId("printers-panel").waitFor();
    const orderId = await placeDinerOrder(browser, server);
    // one job per station its lines went to (拍黄瓜 at 凉菜; the demo's required first-order dishes elsewhere)
    const states = async () => (await jobsOf(orderId)).map((j) => j.state);
    await expect.poll(states, { timeout: 15_000 }).toContain("printed");
    await expect
      .poll(async () => (await states()).every((s) => s === "printed"), { timeout: 15_000 })
      .toBe(true);
    const [job] = await jobsOf(orderId);
    await staff
      .getByTestId(`job-state-${job?.id}`)
      .filter({ hasText: PRINTERS_COPY.jobStates.printed })
      .waitFor();
    const strip = staff
      .getByTestId("paper-strip")
      .filter({ hasText: `订单 ${orderNumber(Number(orderId))}` })
      .filter({ hasText: "拍黄瓜" });
    await strip.waitFor({ timeout: 10_000 });
    expect(await strip.textContent()).toContain("拍黄瓜");
    await staff.screenshot({ path: join(SHOTS, "console-print.png"), fullPage: true });
  });

  it("a printer taken offline raises the alert on the kitchen screen, and the job prints at the backup (转打印)", async () => {
    const printers = await staffCall<Printer[]>(API.consolePrinters(RID));
    const stations = await staffCall<Station[]>(API.consoleStations(RID));
    const cold = stations.find((s) => s.name === "凉菜");
    const virtual = printers.find((p) => cold && p.stationIds.includes(cold.id));
    if (!cold || !virtual) throw new Error("no virtual 凉菜 printer");
    const own = await staffCall<Printer>(API.consolePrinters(RID), "POST", {
      name: "凉菜网口",
      kind: "lan",
      host: lan.host,
      port: lan.port,
      paper: 80,
      backupPrinterId: virtual.id,
    });
    await staffCall(API.consoleStationPrinter(RID, cold.id), "PUT", { printerId: own.id });
    const first = await placeDinerOrder(browser, server);
    const coldJobs = async (orderId: string) =>
      (await jobsOf(orderId)).filter((j) => j.firstPrinterId === own.id).map((j) => [j.state, j.transferred]);
    await expect.poll(() => coldJobs(first), { timeout: 15_000 }).toEqual([["printed", false]]);
    expect(lan.pages.some((p) => p.text.includes(`订单 ${orderNumber(Number(first))}`))).toBe(true);

    await staff.goto(consoleUrl(server, `kitchen/${cold.id}`));
    await staff.getByTestId("kitchen-display").waitFor();
    lan.state = "unplugged";
    const wentOffline = Date.now();
    const alert = staff.getByTestId("printer-alert");
    await alert.waitFor({ timeout: 15_000 });
    expect(Date.now() - wentOffline).toBeLessThan(15_000);
    expect(await alert.textContent()).toContain("凉菜网口");
    // the banner is seen on the tablet's 1024×768: on screen, whole, its words not cut off
    const viewport = staff.viewportSize();
    const box = await alert.boundingBox();
    expect(viewport && box).toBeTruthy();
    if (viewport && box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
    expect(await alert.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await staff.screenshot({ path: join(SHOTS, "console-print-alert.png") });
    const second = await placeDinerOrder(browser, server);
    await expect.poll(() => coldJobs(second), { timeout: 30_000 }).toEqual([["printed", true]]);
    await staff.goto(consoleUrl(server, "print"));
    // the owner's banner says a printer needs a person, and what to do (issue 26)
    const banner = staff.getByTestId("health-banner");
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toContain(HEALTH_COPY.checks.printers.action);
    await staff.screenshot({ path: join(SHOTS, "console-health-banner.png") });
    const moved = staff.getByTestId("paper-strip").filter({ hasText: `订单 ${orderNumber(Number(second))}` });
    await moved.waitFor({ timeout: 10_000 });
    expect(await moved.textContent()).toContain("转打印");
    expect(lan.pages.some((p) => p.text.includes(`订单 ${orderNumber(Number(second))}`))).toBe(false);
    expect(errors).toEqual([]);
  });
});
