/** A lean keep-alive HTTP client for the load: node:http, one agent, JSON answers. */
import { Agent, request } from "node:http";

export interface Answer {
  status: number;
  body: { code: number; success?: boolean; data?: unknown; message?: string };
}

export class HttpClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(url: string, sockets: number) {
    const { hostname, port } = new URL(url);
    this.host = hostname;
    this.port = Number(port);
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  send(
    method: "GET" | "POST",
    path: string,
    body?: { type: "json" | "form"; text: string },
    cookie?: string,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = {};
      if (cookie) headers.cookie = cookie;
      if (body) {
        headers["content-type"] =
          body.type === "json" ? "application/json" : "application/x-www-form-urlencoded";
        headers["content-length"] = Buffer.byteLength(body.text);
      }
      const req = request(
        { host: this.host, port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) });
            } catch (error) {
              reject(error);
            }
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body?.text);
    });
  }

  json(path: string, payload: object): Promise<Answer> {
    return this.send("POST", path, { type: "json", text: JSON.stringify(payload) });
  }

  form(path: string, payload: Record<string, string | boolean>, cookie: string): Promise<Answer> {
    const text = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
    return this.send("POST", path, { type: "form", text }, cookie);
  }

  close(): void {
    this.agent.destroy();
  }
}
