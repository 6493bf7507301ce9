import { createContext, useContext } from "react";

/** False around a kept-alive page while another page is on screen. */
export const PageActiveContext = createContext(true);

/** Whether the page around the caller is the one on screen (false while kept alive behind another). */
export function usePageActive(): boolean {
  return useContext(PageActiveContext);
}
