declare module "@messageformat/core/compile-module.js" {
  import type MessageFormat from "@messageformat/core";
  /** Compiles an object of ICU messages to an ES module's source (@messageformat/core's compileModule). */
  export default function compileModule(messageformat: MessageFormat, messages: object): string;
}
