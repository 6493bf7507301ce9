export * from "./http.js";
export * from "./json-body.js";
export * from "./money.js";
export * from "./random-key.js";
export * from "./slow-network.js";
export * from "./socket.js";
