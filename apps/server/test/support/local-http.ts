import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalHttp {
  /** `http://127.0.0.1:<port>`, no path */
  url: string;
  close(): Promise<void>;
}

/**
 * An HTTP server on a free port of 127.0.0.1 (a provider's fake, a merchant's receiver): each request
 * is handed to `handle` with its whole body, once that has arrived.
 */
export async function listenLocally(
  handle: (request: IncomingMessage, body: Buffer, response: ServerResponse) => void | Promise<void>,
): Promise<LocalHttp> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => void handle(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
