import { API } from "@tablemate/core";
import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_CONFIG, readPageData } from "../src/config.js";
import { useAppStore } from "../src/store/app-store.js";
import { fakeServer } from "./fake-server.js";
import { FakeWebSocket } from "./fake-socket.js";
import { GUID, HOTEL_ID, SID, TABLE_ID, TABLE_QUERY } from "./fixtures.js";
import { injectPageData } from "./page-data.js";

/** Spec 000 §3's environment config, as the server's boot configuration puts it into the page. */
const CONFIGURED = {
  ...DEFAULT_CLIENT_CONFIG,
  socketUrl: "wss://socket.example.com",
  payUrl: "https://pay.example.com/gateway",
  hostUrl: "https://order.example.com",
  qrcodeUrl: "https://qr.example.com",
  evaluateUrl: "https://review.example.com/sdk.js",
};

const socketQuery = `${API.socket}?rid=${HOTEL_ID}&tableId=${TABLE_ID}&sid=${SID}&guid=${GUID}`;

async function startWith(config: object) {
  injectPageData({ guid: GUID, restaurant: null, config });
  fakeServer();
  await useAppStore.getState().start(TABLE_QUERY);
  return FakeWebSocket.instances[0]?.url;
}

describe("environment config (spec 000 §3)", () => {
  it("reads payUrl, socketUrl, qrcodeUrl, hostUrl and evaluateUrl from the page", () => {
    injectPageData({ guid: GUID, restaurant: null, config: CONFIGURED });
    expect(readPageData().config).toEqual(CONFIGURED);
  });

  it("opens the table's socket on the configured socket host", async () => {
    expect(await startWith(CONFIGURED)).toBe(`wss://socket.example.com${socketQuery}`);
  });

  it("an https socket host is reached over wss", async () => {
    expect(await startWith({ ...CONFIGURED, socketUrl: "https://socket.example.com" })).toBe(
      `wss://socket.example.com${socketQuery}`,
    );
  });

  it("with no socket host the socket is on the page's origin", async () => {
    expect(await startWith(DEFAULT_CLIENT_CONFIG)).toBe(`ws://localhost:3000${socketQuery}`);
  });
});
