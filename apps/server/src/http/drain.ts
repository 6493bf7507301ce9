import type { IncomingMessage } from "node:http";

/** The most of a refused body read and thrown away so its 413 reaches the sender (past it: closed). */
export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
/** How long a refused body may take to arrive before the connection is closed anyway. */
export const DRAIN_TIMEOUT_MS = 15_000;

/**
 * Reads the rest of a request's body and throws it away. A server that closes a connection with
 * unread bytes in it resets it (TCP RST): the client, still sending, sees a reset instead of the 413
 * that was written. Draining first lets the answer arrive; a body past the limit (declared or
 * received) or too slow is not waited for.
 */
export function drainBody(raw: IncomingMessage): Promise<void> {
  const declared = Number(raw.headers["content-length"] ?? 0);
  if (raw.complete || raw.destroyed || declared > DRAIN_LIMIT_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off("data", onData);
      raw.off("end", done);
      raw.off("error", done);
      raw.off("close", done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_LIMIT_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_TIMEOUT_MS);
    raw.on("data", onData);
    raw.on("end", done);
    raw.on("error", done);
    raw.on("close", done);
    raw.resume();
  });
}
