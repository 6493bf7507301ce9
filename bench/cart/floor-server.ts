/**
 * The broadcast floor's server, run as its own process: a bare `ws` server with no database and no
 * parsing. A socket joins group `?g=`; whatever one member sends goes to every member, itself included.
 */
import { type WebSocket, WebSocketServer } from "ws";

const groups = new Map<string, Set<WebSocket>>();
const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });

server.on("connection", (socket, request) => {
  const group = new URL(request.url ?? "/", "http://floor").searchParams.get("g") ?? "";
  const members = groups.get(group) ?? new Set<WebSocket>();
  groups.set(group, members);
  members.add(socket);
  socket.on("message", (data, isBinary) => {
    for (const member of members) member.send(data, { binary: isBinary });
  });
  socket.on("close", () => members.delete(socket));
});

server.on("listening", () => {
  const address = server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
});

process.on("disconnect", () => {
  server.close();
  process.exit(0);
});
