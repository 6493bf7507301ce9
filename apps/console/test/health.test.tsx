import { API } from "@tablemate/core";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HEALTH_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/floor/console-socket.js";
import { fakeApi, OWNER_SESSION, WAITER_SESSION } from "./fake-api.js";
import { FakeSocket } from "./floor-fixtures.js";
import { renderConsole } from "./render.js";

const C = HEALTH_COPY.checks;

describe("the health banner", { timeout: 60_000 }, () => {
  beforeEach(() => setSocketFactory((url) => new FakeSocket(url) as unknown as WebSocket));
  afterEach(() => {
    FakeSocket.last = null;
  });

  it("tells an owner what is failing and what to do, above every page", async () => {
    fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleHealth(1)}`]: {
        data: {
          failing: [
            { check: "redis", detail: "Redis is not reachable" },
            { check: "printers", detail: "1 printer(s) offline" },
          ],
        },
      },
    });
    renderConsole("/");
    const banner = await screen.findByTestId("health-banner");
    expect(banner.textContent).toContain(HEALTH_COPY.title);
    expect(banner.textContent).toContain(`${C.redis.problem}：${C.redis.action}`);
    expect(banner.textContent).toContain(`${C.printers.problem}：${C.printers.action}`);
    expect(banner.textContent).not.toContain(C.backups.problem);
  });

  it("shows nothing while all is well", async () => {
    const owner = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleHealth(1)}`]: { data: { failing: [] } },
    });
    renderConsole("/");
    await waitFor(() => expect(owner.calls.some((c) => c.url === API.consoleHealth(1))).toBe(true));
    expect(screen.queryByTestId("health-banner")).toBeNull();
  });

  it("never asks for a waiter", async () => {
    const waiter = fakeApi({ [`GET ${API.consoleSession}`]: { data: WAITER_SESSION } });
    renderConsole("/");
    await screen.findByTestId("staff-member");
    expect(waiter.calls.some((c) => c.url.startsWith(API.consoleHealth(1)))).toBe(false);
    expect(screen.queryByTestId("health-banner")).toBeNull();
  });
});
