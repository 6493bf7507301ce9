import { randomUUID } from "node:crypto";
import { API, type Printer } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printers, printJobs } from "../src/db/schema.js";
import { queuePage } from "../src/modules/print/enqueue.js";
import type { CloudFake } from "../src/modules/print/fakes/cloud-server.js";
import { type FakeEscposPrinter, startFakeEscposPrinter } from "../src/modules/print/fakes/escpos-printer.js";
import { type FeieyunFake, startFeieyunFake } from "../src/modules/print/fakes/feieyun.js";
import { startYilianyunFake, type YilianyunFake } from "../src/modules/print/fakes/yilianyun.js";
import { kickPrinting } from "../src/modules/print/run.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { demoRestaurants } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";
import { until } from "./support/until.js";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a cloud service holds, and its queue cleared (issue 27): 飞鹅 can be asked about a print only
 * by the order id its answer carried, so a send whose answer was lost is settled by clearing the
 * printer's queue at 飞鹅 (Open_delPrinterSqs) and sending it again marked 重印; a print a service
 * holds for a printer that went down moves to the backup only once the service cleared it (飞鹅
 * Open_delPrinterSqs, 易联云 printer/cancelall) and says it did not print. Each page carries a marker
 * so its paper is found wherever it printed.
 */
describe.each(BACKENDS)("cloud queues cleared on %s", (backend) => {
  let app: TestApp;
  let restaurantId: number;
  let spare: FakeEscposPrinter;
  let feieyun: FeieyunFake;
  let yilianyun: YilianyunFake;
  let spareId: number;

  beforeAll(async () => {
    [spare, feieyun, yilianyun] = await Promise.all([
      startFakeEscposPrinter(),
      startFeieyunFake(),
      startYilianyunFake(),
    ]);
    feieyun.accounts.set("chef@example.com", "UKEY-cold-1234");
    yilianyun.applications.set("1048944806", "yly-secret-bar-5678");
    app = await startTestApp(backend, {
      env: {
        RATE_LIMIT_PER_MINUTE: "100000",
        PRINT_POLL_MS: "100",
        // a held print moves because its printer is known down, never for the time alone
        PRINT_FAILOVER_S: "60",
        PRINT_TIMEOUT_MS: "600",
        FEIEYUN_API_URL: `${feieyun.url}/Api/Open`,
        YILIANYUN_API_URL: yilianyun.url,
      },
    });
    restaurantId = (await demoRestaurants(app))((r) => r.name === "川味小馆").id;
    spareId = await addPrinter({ name: "备用", kind: "lan", host: spare.host, port: spare.port });
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([spare.close(), feieyun.close(), yilianyun.close()]);
  });

  async function addPrinter(body: object): Promise<number> {
    const answer = json(
      await app.server.inject({
        method: "POST",
        url: API.consolePrinters(restaurantId),
        headers: await staffHeaders(app, restaurantId, "owner"),
        payload: body,
      }),
    );
    expect(answer.code).toBe(1000);
    return (answer.data as Printer).id;
  }

  let printerCount = 0;
  /** A cloud printer at its fake (a 飞鹅 SN or an 易联云 machine code), with the spare LAN printer as its backup or none. */
  async function cloudPrinter(kind: "feieyun" | "yilianyun", backup: boolean) {
    const code = `${kind === "feieyun" ? 9186 : 4004}0000${++printerCount}`;
    const fake: CloudFake = kind === "feieyun" ? feieyun : yilianyun;
    const device = fake.addPrinter(code);
    const account =
      kind === "feieyun"
        ? { user: "chef@example.com", ukey: "UKEY-cold-1234", sn: code }
        : { clientId: "1048944806", clientSecret: "yly-secret-bar-5678", machineCode: code };
    const id = await addPrinter({
      name: `云${printerCount}`,
      kind,
      paper: 58,
      ...account,
      ...(backup && { backupPrinterId: spareId }),
    });
    return { id, code, device, fake };
  }

  /** Queues a page carrying `marker` for a printer, as the kitchen queues a ticket; answers the job's id. */
  async function queue(printerId: number, marker: string): Promise<number> {
    const id = await queuePage(app.db, {
      restaurantId,
      printerId,
      kind: "test",
      key: `cloud-clear/${randomUUID()}`,
      page: { title: "测试页", blocks: [{ type: "text", text: marker }] },
      now: new Date(),
    });
    kickPrinting(app.db);
    if (id === null) throw new Error("not queued");
    return id;
  }

  const jobOf = async (id: number) => {
    const [row] = await app.db.select().from(printJobs).where(eq(printJobs.id, id));
    if (!row) throw new Error(`no job ${id}`);
    return row;
  };
  const printedJob = (id: number) => until(async () => (await jobOf(id)).state === "printed" && jobOf(id));
  const pagesWith = (pages: { text: string }[], marker: string) =>
    pages.filter((p) => p.text.includes(marker));

  it("飞鹅: a print it holds when the queue is cleared for one whose order id was lost is sent once more; each is on paper once, that one marked 重印", async () => {
    const { id, code, device } = await cloudPrinter("feieyun", false);
    // the printer lost its link; 飞鹅 says 离线 only two minutes later, and holds what it accepts
    device.reported = "online";
    feieyun.setState(code, "offline");
    const held = await queue(id, "甲单");
    await until(async () => {
      const job = await jobOf(held);
      return job.state === "sent" && job.remoteId !== null;
    });
    const clears = feieyun.clears;
    let lose = 1;
    feieyun.faults.loseAnswer = () => lose-- > 0;
    const lost = await queue(id, "乙单");
    // 乙's order id never came back: 飞鹅's queue for the printer is cleared, both are sent again
    await until(async () => {
      const [a, b] = [await jobOf(held), await jobOf(lost)];
      return a.attempts === 2 && b.attempts === 2 && a.state === "sent" && b.state === "sent";
    });
    expect(feieyun.clears - clears).toBe(1);
    expect(device.pages).toHaveLength(0);
    // the printer back, 飞鹅 prints what it holds now: the dropped orders never
    device.reported = undefined;
    feieyun.setState(code, "online");
    const [a, b] = [await printedJob(held), await printedJob(lost)];
    await pause(500);
    expect(pagesWith(device.pages, "甲单").map((p) => p.text.includes("重印"))).toEqual([false]);
    expect(pagesWith(device.pages, "乙单").map((p) => p.text.includes("【重印】可能重复"))).toEqual([true]);
    expect(b.page.title).toBe("测试页（重印）");
    expect([a.page.title, a.printerId, b.printerId]).toEqual(["测试页", id, id]);
  });

  for (const kind of ["feieyun", "yilianyun"] as const)
    it(`${kind}: a print it holds for a printer that went down moves to the backup only after the service cleared it; back online, the printer prints nothing more`, async () => {
      const { id, code, device, fake } = await cloudPrinter(kind, true);
      device.reported = "online";
      fake.setState(code, "offline");
      const job = await queue(id, `${kind}丙单`);
      await until(async () => {
        const row = await jobOf(job);
        return row.state === "sent" && row.remoteId !== null;
      });
      const clears = fake.clears;
      // the service notices: the held print is cleared there, then printed at the backup
      device.reported = undefined;
      const moved = await printedJob(job);
      expect(fake.clears - clears).toBe(1);
      expect([moved.printerId, moved.firstPrinterId]).toEqual([spareId, id]);
      expect(pagesWith(spare.pages, `${kind}丙单`).map((p) => p.text.includes("【转打印】"))).toEqual([true]);
      fake.setState(code, "online");
      await pause(500);
      expect(pagesWith(device.pages, `${kind}丙单`)).toHaveLength(0);
    });

  it("飞鹅: a clear whose answer is lost moves nothing until a clear is confirmed; then the held print moves once", async () => {
    const { id, code, device } = await cloudPrinter("feieyun", true);
    device.reported = "online";
    feieyun.setState(code, "offline");
    const job = await queue(id, "丁单");
    await until(async () => {
      const row = await jobOf(job);
      return row.state === "sent" && row.remoteId !== null;
    });
    const clears = feieyun.clears;
    feieyun.faults.loseClearAnswer = () => true;
    try {
      device.reported = undefined;
      // 飞鹅 cleared it, but the queue cannot know: it asks again and again, and moves nothing
      await until(async () => feieyun.clears - clears >= 2);
      const [printer] = await app.db.select().from(printers).where(eq(printers.id, id));
      expect(printer?.queueClearAskedAt).not.toBeNull();
      expect(await jobOf(job)).toMatchObject({ printerId: id, state: "sent" });
      expect(pagesWith(spare.pages, "丁单")).toHaveLength(0);
    } finally {
      feieyun.faults.loseClearAnswer = () => false;
    }
    // a clear confirmed: the print (dropped, not printed) moves to the backup, once
    const moved = await printedJob(job);
    expect(moved.printerId).toBe(spareId);
    feieyun.setState(code, "online");
    await pause(500);
    expect(pagesWith(spare.pages, "丁单")).toHaveLength(1);
    expect(pagesWith(device.pages, "丁单")).toHaveLength(0);
  });
});
