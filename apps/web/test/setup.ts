import { PAGE_DATA_GLOBAL } from "@tablemate/core";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { antdReady } from "../src/antd-setup.js";
import { resetAppStore } from "../src/store/app-store.js";
import { clearCookies } from "./cookies.js";
import { FakeWebSocket } from "./fake-socket.js";

// antd-mobile's renderer and Toast defaults load apart from the first screen: let them finish
// loading before a test file runs, so none is still loading when its environment goes
beforeAll(() => antdReady);

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
  Reflect.deleteProperty(window, PAGE_DATA_GLOBAL);
  document.title = "";
});
