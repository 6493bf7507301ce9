import { act, cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { imperativeAntd, unmountImperativeRoots } from "../src/antd-setup.js";
import { clearToasts } from "../src/features/loading/toast.js";
import { setLocale } from "../src/i18n/load-locale.js";
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

// the phone under test reads Chinese (jsdom's own says en-US); i18n.test.tsx changes it where it tests the choice
Object.defineProperty(navigator, "languages", { value: ["zh-CN", "zh"], configurable: true });

beforeEach(() => {
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

// a test that switched the language leaves the next one in the source language (after its cleanup:
// hooks run last registered first)
afterEach(() => setLocale("zh-CN", false));

afterEach(() => {
  // a toast's hide timer or an open dialog's animation would render after the file's document goes
  // (React then fails on a missing window, an error of no test): take both down with the test
  act(() => {
    clearToasts();
    unmountImperativeRoots();
  });
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

// let work React scheduled in the last test's final moments run while the document is still here
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

// jsdom has <dialog> but not its methods (jsdom#3294): open and close it as a browser would, minus the
// top layer, so a native dialog's content is there to read and answer
if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.open = false;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event("close"));
  };
}
