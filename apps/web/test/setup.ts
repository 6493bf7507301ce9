import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { imperativeAntd } from "../src/antd-setup.js";
import { resetAppStore } from "../src/store/app-store.js";
import { clearCookies } from "./cookies.js";
import { FakeWebSocket } from "./fake-socket.js";
import { removePageData } from "./page-data.js";

// antd-mobile's renderer and Toast defaults load on the first toast or dialog: load them before a
// test file runs, so none is still loading when its environment goes
beforeAll(() => imperativeAntd());

beforeEach(() => {
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

afterEach(() => {
  cleanup();
  resetAppStore();
  FakeWebSocket.instances.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  clearCookies();
  removePageData();
  document.title = "";
});
