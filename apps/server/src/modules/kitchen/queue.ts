import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { type KitchenDeps, sendToKitchen } from "./tickets.js";

/**
 * The submit's way to the kitchen (issue 17): after the submit has committed and broadcast, its order
 * is queued here and its tickets are made beside the submits, never inside place_orders and never
 * before the diner's answer, so the tuned submit path (1000 orders/s) does not wait on them. A few
 * orders at a time per process keep the database's connections for the submits. An order whose
 * tickets were lost to a crash before they were made is caught up by its station's display
 * (catchUpTickets), and ticketsForOrder makes nothing twice whoever calls it.
 */
const WORKERS = 2;

interface Queue {
  waiting: number[];
  running: number;
  idle: Array<() => void>;
  log?: FastifyBaseLogger;
}

const queues = new WeakMap<Db, Queue>();

function queueOf(db: Db): Queue {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], running: 0, idle: [] };
    queues.set(db, queue);
  }
  return queue;
}

/** Where a failed ticket creation is reported (the app's logger). */
export function setKitchenLog(db: Db, log: FastifyBaseLogger): void {
  queueOf(db).log = log;
}

/** Queues an order for its tickets; returns at once. */
export function queueForKitchen(deps: KitchenDeps, orderId: number): void {
  const queue = queueOf(deps.db);
  queue.waiting.push(orderId);
  while (queue.running < WORKERS && queue.waiting.length) {
    queue.running++;
    void work(deps, queue);
  }
}

async function work(deps: KitchenDeps, queue: Queue): Promise<void> {
  for (let orderId = queue.waiting.shift(); orderId !== undefined; orderId = queue.waiting.shift()) {
    try {
      await sendToKitchen(deps, orderId);
    } catch (error) {
      queue.log?.error({ err: error, orderId }, "kitchen tickets not made (the display catches up)");
    }
  }
  queue.running--;
  if (queue.running === 0) for (const resolve of queue.idle.splice(0)) resolve();
}

/** Resolves once every queued order's tickets are made (tests wait on it instead of sleeping). */
export function kitchenIdle(db: Db): Promise<void> {
  const queue = queueOf(db);
  if (queue.running === 0 && !queue.waiting.length) return Promise.resolve();
  return new Promise((resolve) => queue.idle.push(resolve));
}
