import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { setUnauthorizedHandler } from "../src/api/http.js";
import { resetSessionStore } from "../src/features/session/session-store.js";

// antd's grid and responsive parts ask matchMedia, which jsdom lacks; antd measures scrollbars with a
// pseudo-element's style, which jsdom does not implement (it would log an error per table)
beforeAll(() => {
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
});

// a lazy page's chunk and antd's first render take well over a second beside the server's tests
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  resetSessionStore();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
  vi.restoreAllMocks();
  localStorage.clear();
  document.title = "";
});
