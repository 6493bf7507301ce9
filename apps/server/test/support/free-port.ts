import { createServer } from "node:net";

/**
 * Ports handed to the servers tests start lie below Linux's ephemeral range (32768–60999 by default).
 * A port taken from the ephemeral range and closed again can be reused at once as the source port of
 * any outgoing connection (a pg client, Chromium), so a server started on it a moment later found it in
 * use; below that range only another test's listener can collide, and a probe shows that.
 */
const LOW = 20_000;
const HIGH = 32_000;

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A port of 127.0.0.1 nobody listens on, picked at random outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await listens(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
