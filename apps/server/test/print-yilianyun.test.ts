import { testPageDoc } from "@tablemate/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startYilianyunFake, type YilianyunFake } from "../src/modules/print/fakes/yilianyun.js";
import { yilianyunLink } from "../src/modules/print/links/yilianyun.js";

/**
 * A 易联云 print whose send answer was lost is looked for by its origin_id in the printer's list,
 * newest first and 100 a page (issue 27): found however many prints came after it, within the last
 * 1,000; never taken as not received (and sent again unmarked) while an older page may hold it.
 */
describe("the 易联云 lookup of a print whose answer was lost", () => {
  let cloud: YilianyunFake;
  const machine = "4004933591";
  const page = testPageDoc("吧台", "2026-11-28T10:00:00Z", { timeZone: "Asia/Shanghai" });
  const job = (id: number) => ({ id, page, paper: 58 as const, remoteId: null });
  let link: ReturnType<typeof yilianyunLink>;

  beforeAll(async () => {
    cloud = await startYilianyunFake();
    cloud.applications.set("1048944806", "yly-secret-bar-5678");
    cloud.addPrinter(machine);
    link = yilianyunLink(
      { url: cloud.url, clientId: "1048944806", clientSecret: "yly-secret-bar-5678", machineCode: machine },
      3000,
      () => new Date(),
    );
  });
  afterAll(() => cloud.close());

  it("finds it pages back, says not received only once the list ends, and gives up past the last 1,000", async () => {
    // job 1 printed, then 250 more prints after it
    for (let id = 1; id <= 251; id++) expect((await link.send(job(id))).kind).toBe("accepted");
    expect(await link.ask(job(1))).toEqual({ kind: "printed" });
    expect(await link.ask(job(200))).toEqual({ kind: "printed" });
    // never sent: the list ends on page 3 without it
    expect(await link.ask(job(9999))).toEqual({ kind: "notFound" });
    for (let id = 252; id <= 1100; id++) await link.send(job(id));
    // now 1,100 prints: job 1 is past the 1,000 the lookup reads, so it cannot say
    expect((await link.ask(job(1))).kind).toBe("unanswerable");
    expect(await link.ask(job(500))).toEqual({ kind: "printed" });
  }, 120_000);
});
