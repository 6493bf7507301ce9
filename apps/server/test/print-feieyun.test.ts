import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { feieyunCallbackText } from "../src/modules/print/callbacks.js";
import { startFeieyunFake } from "../src/modules/print/fakes/feieyun.js";
import { feieyunLink } from "../src/modules/print/links/feieyun.js";

/**
 * 飞鹅's print-status callback (订单状态回调) as its document defines it, quoted by the houseme/feie
 * Go SDK (AsyncPrinterResult) and sxqibo/cloudprinter (printCallBackSign): a form post of orderId,
 * status, stime and sign, to the backurl the order was sent with.
 */
describe("飞鹅's callback format", () => {
  it("signs the fields but sign, empty ones dropped, sorted by name, as k=v&… (its document's example)", () => {
    expect(
      feieyunCallbackText({
        stime: "1625194910",
        sign: "NW1BNm4o…",
        status: "1",
        orderId: "816501678_20160919184316_1419533539",
        remark: "",
      }),
    ).toBe("orderId=816501678_20160919184316_1419533539&status=1&stime=1625194910");
  });

  it("calls back to the backurl a print was sent with, and for a print sent without one not at all", async () => {
    const received: URLSearchParams[] = [];
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push(new URLSearchParams(`${body}&path=${encodeURIComponent(request.url ?? "")}`));
        response.end("SUCCESS");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const fake = await startFeieyunFake();
    try {
      fake.accounts.set("chef@example.com", "UKEY-1");
      fake.addPrinter("918500009");
      fake.serverOrigin = origin;
      const account = {
        url: `${fake.url}/Api/Open`,
        user: "chef@example.com",
        ukey: "UKEY-1",
        sn: "918500009",
      };
      const page = { title: "t", blocks: [{ type: "text" as const, text: "凉菜" }] };
      const job = { id: 1, page, paper: 58 as const, remoteId: null };
      const silent = await feieyunLink(account, 2000, () => new Date()).send(job);
      const called = await feieyunLink(
        { ...account, backUrl: "https://tablemate.example/print/api/v1/callback/feieyun" },
        2000,
        () => new Date(),
      ).send(job);
      expect([silent.kind, called.kind]).toEqual(["accepted", "accepted"]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toHaveLength(1);
      const [posted] = received;
      expect(posted?.get("path")).toBe("/print/api/v1/callback/feieyun");
      expect(posted?.get("orderId")).toBe(called.kind === "accepted" ? called.remoteId : "");
      expect(posted?.get("status")).toBe("1");
      expect(posted?.get("stime")).toMatch(/^\d{10}$/);
      expect(posted?.get("sign")).toBeTruthy();
    } finally {
      await fake.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
