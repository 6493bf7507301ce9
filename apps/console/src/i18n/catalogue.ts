import type { Messages } from "@tablemate/client";
import type { PRINT_COPY, WORDS } from "../copy/index.js";

/**
 * What the print page shows the staff member; the rest of PRINT_COPY is the printed ticket and bill,
 * which keep the restaurant's language whatever the console shows.
 */
type PrintPageWords = Pick<
  typeof PRINT_COPY,
  | "title"
  | "browserTitle"
  | "paper"
  | "paper58"
  | "paper80"
  | "print"
  | "reprint"
  | "back"
  | "hint"
  | "loadFailed"
>;

/**
 * What a language's catalogue (catalogues/<locale>.ts) translates: every copy module's words under its
 * namespace in WORDS (copy/index.ts). TypeScript holds each catalogue complete.
 */
export type Catalogue = { [K in Exclude<keyof typeof WORDS, "print">]: Messages<(typeof WORDS)[K]> } & {
  print: Messages<PrintPageWords>;
};
