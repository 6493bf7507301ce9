import fastifyRateLimit from "@fastify/rate-limit";
import { AppError, PAY_API } from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Signer } from "../security/signer.js";
import { visitorOf } from "../security/visitor.js";

/**
 * Rate limits that fit a restaurant, where every diner's phone may share one Wi-Fi address: each
 * visitor (by credential) has their own allowance, so one diner flooding is refused (8001) and nobody
 * else is; the address as a whole has a ceiling high enough for a full dining room ordering at once.
 * The app's assets and dish images are cacheable files, not actions: neither limit counts them. Nor
 * are the payment providers' notifications: signed, verified, and retried by the provider if refused.
 */
export interface RateLimits {
  /** requests a minute per visitor (per address for a request without a credential) */
  perVisitor: number;
  /** requests a minute from one address, all its visitors together */
  perAddress: number;
}

const UNCOUNTED = ["/assets/", "/console/assets/", "/images/", "/healthz", "/readyz", PAY_API.payNotify("")];
const isUncounted = (request: FastifyRequest) => UNCOUNTED.some((prefix) => request.url.startsWith(prefix));

/** Who an allowance belongs to: the visitor the credential names, or the address when there is none. */
export function limitKey(signer: Signer, request: FastifyRequest): string {
  const guid = visitorOf(signer, request);
  return guid ? `visitor:${guid}` : `address:${request.ip}`;
}

const WINDOW_MS = 60_000;

export async function registerRateLimits(app: FastifyInstance, signer: Signer, limits: RateLimits) {
  // the address ceiling: each address's minute starts at its first request (as the plugin's windows do)
  const windows = new Map<string, { start: number; count: number }>();
  app.addHook("onRequest", async (request) => {
    if (isUncounted(request)) return;
    const now = Date.now();
    let window = windows.get(request.ip);
    if (!window || now - window.start >= WINDOW_MS) {
      if (windows.size >= MAX_TRACKED) forgetEnded(windows, now);
      window = { start: now, count: 0 };
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count > limits.perAddress) throw new AppError("tooFrequent");
  });
  await app.register(fastifyRateLimit, {
    max: limits.perVisitor,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => limitKey(signer, request),
    allowList: (request) => isUncounted(request),
  });
}

/** Past this many addresses, those whose minute has ended are forgotten (memory stays bounded). */
const MAX_TRACKED = 10_000;

function forgetEnded(windows: Map<string, { start: number }>, now: number): void {
  for (const [address, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(address);
}
