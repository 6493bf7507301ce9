import type { BodyEncoder } from "./http.js";

/**
 * JSON bodies (the console's calls, the diner's pay calls). A module of its own: the diner's first
 * screen carries http.ts, and a bundler keeps a module's used exports in one chunk, so beside
 * formBody this would ride there though only pages loaded later use it.
 */
export const jsonBody: BodyEncoder = (body) => ["application/json", JSON.stringify(body)];
