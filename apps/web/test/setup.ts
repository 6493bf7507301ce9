import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { imperativeAntd } from "../src/antd-setup.js";
import { resetAppStore } from "../src/store/app-store.js";
import { clearCookies } from "./cookies.js";
import { FakeWebSocket } from "./fake-socket.js";
import { removePageData } from "./page-data.js";

// antd-mobile's renderer and Toast defaults load on the first toast or dialog: load them before a
// test file runs, so none is still loading when its environment goes
beforeAll(() => imperativeAntd());

// findBy and waitFor give a lazy page or sheet 3 s: the suite runs beside the server's tests and their
// databases on two cores, where a chunk that loads in 50 ms alone can take over a second
configure({ asyncUtilTimeout: 3000 });

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
