import { setTimeout as sleep } from "node:timers/promises";
import type { SandboxNotification } from "@tablemate/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../../db/client.js";
import { SIGNATURE_HEADER, signatureHeader } from "./signature.js";
import { getSandboxSwitches } from "./switches.js";

/** One notification for one trade, to the URL the merchant gave with it. */
export interface Notice {
  restaurantId: number;
  notifyUrl: string;
  event: SandboxNotification;
}

export interface CourierOptions {
  db: Db;
  secrets: readonly string[];
  now: () => Date;
  log: FastifyBaseLogger;
  /** the waits before each retry of a delivery the merchant did not accept (then it is given up) */
  retryDelaysMs: readonly number[];
  /** how long outOfOrder holds a notification waiting for a later one of its trade */
  holdMs: number;
}

/** Delivers the sandbox's notifications, as a gateway's notifier does: after the fact, over HTTP. */
export interface Courier {
  /** queues a notification (the switches of its restaurant are read as it goes) */
  send(notice: Notice): void;
  /** resolves once every queued and held notification has been delivered or given up */
  drain(): Promise<void>;
  /** gives up what is queued (the process is stopping; the merchant's reconciliation finds it) */
  stop(): void;
}

/** Each try of one delivery waits at most this long for the merchant's answer. */
const TRY_TIMEOUT_MS = 10_000;

export function createCourier(options: CourierOptions): Courier {
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  /** outOfOrder: the notification of a trade held back, released after the next one of that trade */
  const held = new Map<string, { release: () => void; claim: () => void }>();
  /** each trade's notifications are planned one after another, in the order they were sent */
  const turns = new Map<string, Promise<void>>();

  /** One try: the body signed now (a retry is signed afresh), any 2xx is accepted. */
  async function post(url: string, body: string): Promise<boolean> {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [SIGNATURE_HEADER]: signatureHeader(options.secrets, body, options.now()),
        },
        body,
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(TRY_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      return response.ok;
    } catch (error) {
      if (stopping.signal.aborted) throw error;
      options.log.warn({ err: error, url }, "sandbox notification not delivered");
      return false;
    }
  }

  /** Delivers one body, retrying with the configured backoff until the merchant accepts it. */
  async function deliver(url: string, event: SandboxNotification): Promise<void> {
    const body = JSON.stringify(event);
    for (let tried = 0; ; tried += 1) {
      if (await post(url, body)) return;
      const wait = options.retryDelaysMs[tried];
      if (wait === undefined) {
        options.log.warn({ eventId: event.id, tradeNo: event.tradeNo }, "sandbox notification given up");
        return;
      }
      await sleep(wait, undefined, { signal: stopping.signal });
    }
  }

  /**
   * Holds a trade's notification until a later one of the trade claims it (then it goes after that
   * one), or the hold time is over, or the courier stops.
   */
  function holdBack(tradeNo: string): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener("abort", release);
        if (held.get(tradeNo)?.release === release) held.delete(tradeNo);
        resolve();
      };
      const timer = setTimeout(release, options.holdMs);
      held.set(tradeNo, { release, claim: () => clearTimeout(timer) });
      stopping.signal.addEventListener("abort", release, { once: true });
    });
  }

  /**
   * What becomes of one notification, decided in its trade's turn (so a trade's notifications are
   * held and released in the order they were sent): null when dropped, else what it says, the hold it
   * waits for (outOfOrder) and the earlier one of its trade it releases once delivered.
   */
  async function plan(notice: Notice) {
    const switches = await getSandboxSwitches(options.db, notice.restaurantId);
    const { event } = notice;
    if (switches.drop) {
      options.log.info(
        { eventId: event.id, tradeNo: event.tradeNo },
        "sandbox notification dropped (switch)",
      );
      return null;
    }
    const earlier = held.get(event.tradeNo);
    if (earlier) {
      earlier.claim();
      held.delete(event.tradeNo);
    }
    return {
      switches,
      // the notification lies about the amount; the books (and so queries) keep the truth
      told: switches.amountMismatch ? { ...event, amountCents: event.amountCents + 1 } : event,
      hold: switches.outOfOrder && !earlier ? holdBack(event.tradeNo) : null,
      earlier,
    };
  }

  async function run(notice: Notice, planned: Promise<Awaited<ReturnType<typeof plan>>>): Promise<void> {
    const chosen = await planned;
    if (!chosen) return;
    const { switches, told, hold, earlier } = chosen;
    if (switches.delayMs > 0) await sleep(switches.delayMs, undefined, { signal: stopping.signal });
    if (hold) await hold;
    try {
      if (stopping.signal.aborted) return;
      await deliver(notice.notifyUrl, told);
      if (switches.duplicate) await deliver(notice.notifyUrl, told);
    } finally {
      // the one held for this trade goes after this later one (a refund before its payment, a stale event)
      earlier?.release();
    }
  }

  return {
    send(notice) {
      const { tradeNo } = notice.event;
      const planned = (turns.get(tradeNo) ?? Promise.resolve()).then(() => plan(notice));
      const turn = planned.then(
        () => {},
        () => {},
      );
      turns.set(tradeNo, turn);
      void turn.then(() => {
        if (turns.get(tradeNo) === turn) turns.delete(tradeNo);
      });
      const task = run(notice, planned)
        .catch((error) => {
          if (!stopping.signal.aborted) options.log.error({ err: error }, "sandbox notification failed");
        })
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drain() {
      while (running.size > 0) await Promise.all(running);
    },
    stop() {
      stopping.abort();
    },
  };
}
