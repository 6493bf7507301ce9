/**
 * A lean keep-alive HTTP/1.1 client for the load, built as autocannon's is: raw sockets, one request at a
 * time on each, the request written as one string and the answer read by its Content-Length. node:http's
 * client costs the bench process about 0.2 ms of CPU per request, which the two cores it shares with the
 * server and PostgreSQL then lack; this one a fraction of that. The server answers JSON with a
 * Content-Length (Fastify), which is all this client reads.
 */
import { connect, type Socket } from "node:net";

export interface Answer {
  status: number;
  body: { code: number; success?: boolean; data?: unknown; message?: string };
}

const HEAD_END = Buffer.from("\r\n\r\n");

interface Waiting {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** One keep-alive connection: a request goes out whole, its answer comes back in one or more chunks. */
class Connection {
  private readonly socket: Socket;
  /** what has arrived of the answer under way */
  private data: Buffer = Buffer.alloc(0);
  /** the answer's status and where its body ends, once its head has arrived */
  private head: { status: number; bodyStart: number; end: number } | null = null;
  private waiting: Waiting | null = null;
  private readonly onClose: () => void;
  closed = false;

  constructor(host: string, port: number, onClose: () => void) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.read(chunk));
    this.socket.on("error", (error) => this.fail(error));
    this.socket.on("close", () => this.fail(new Error("the server closed the connection")));
    this.onClose = onClose;
  }

  send(request: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  private read(chunk: Buffer): void {
    const data = this.data.length ? Buffer.concat([this.data, chunk]) : chunk;
    this.data = data;
    try {
      this.head ??= parseHead(data);
    } catch (error) {
      this.broken(error);
      return;
    }
    if (!this.head || data.length < this.head.end) return;
    const { status, bodyStart, end } = this.head;
    if (data.length > end) {
      this.broken(new Error("the server answered more than was asked"));
      return;
    }
    const waiting = this.waiting;
    this.data = Buffer.alloc(0);
    this.head = null;
    this.waiting = null;
    try {
      waiting?.resolve({ status, body: JSON.parse(data.toString("utf8", bodyStart, end)) });
    } catch (error) {
      waiting?.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** An answer this client cannot read: its request fails and the connection is dropped. */
  private broken(error: unknown): void {
    this.fail(error instanceof Error ? error : new Error(String(error)));
    this.socket.destroy();
  }

  /** The first error or close: the request under way fails, and the client forgets this connection. */
  private fail(error: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.waiting?.reject(error);
    this.waiting = null;
    this.onClose();
  }

  close(): void {
    this.socket.destroy();
  }
}

/** The status and body bounds of an answer whose head has fully arrived in `data`, else null. */
function parseHead(data: Buffer): { status: number; bodyStart: number; end: number } | null {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = data.toString("latin1", 0, headEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (!length) throw new Error(`an answer without a Content-Length (status ${status})`);
  const bodyStart = headEnd + HEAD_END.length;
  return { status, bodyStart, end: bodyStart + Number(length[1]) };
}

export class HttpClient {
  private readonly host: string;
  private readonly port: number;
  private readonly idle: Connection[] = [];
  private readonly queue: Array<(connection: Connection) => void> = [];
  private open = 0;

  constructor(
    url: string,
    private readonly sockets: number,
  ) {
    const { hostname, port } = new URL(url);
    this.host = hostname;
    this.port = Number(port);
  }

  async send(
    method: "GET" | "POST",
    path: string,
    body?: { type: "json" | "form"; text: string },
    cookie?: string,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    let request = `${method} ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n`;
    if (cookie) request += `Cookie: ${cookie}\r\n`;
    for (const [name, value] of Object.entries(headers)) request += `${name}: ${value}\r\n`;
    if (body) {
      const type = body.type === "json" ? "application/json" : "application/x-www-form-urlencoded";
      request += `Content-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body.text)}\r\n`;
    }
    request += `\r\n${body?.text ?? ""}`;
    const connection = await this.take();
    try {
      return await connection.send(request);
    } finally {
      this.give(connection);
    }
  }

  json(path: string, payload: object, cookie?: string, headers?: Record<string, string>): Promise<Answer> {
    return this.send("POST", path, { type: "json", text: JSON.stringify(payload) }, cookie, headers);
  }

  form(path: string, payload: Record<string, string | boolean>, cookie: string): Promise<Answer> {
    const text = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
    return this.send("POST", path, { type: "form", text }, cookie);
  }

  close(): void {
    for (const connection of this.idle.splice(0)) connection.close();
  }

  /** An idle connection, a new one while fewer than `sockets` are open, else the next one given back. */
  private take(): Promise<Connection> {
    const idle = this.idle.pop();
    if (idle) return Promise.resolve(idle);
    if (this.open < this.sockets) return Promise.resolve(this.connect());
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private connect(): Connection {
    this.open++;
    return new Connection(this.host, this.port, () => {
      this.open--;
      // a request waiting for a connection gets a new one in place of the closed one
      const next = this.queue.shift();
      if (next) next(this.connect());
    });
  }

  private give(connection: Connection): void {
    if (connection.closed) return;
    const next = this.queue.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }
}
