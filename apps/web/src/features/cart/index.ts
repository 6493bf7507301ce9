/** The cart feature's public face for pages: the bottom cart bar. */
export { CartBar } from "./CartBar.js";
