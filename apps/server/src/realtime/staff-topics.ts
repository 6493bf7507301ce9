import type { Backplane } from "./hub.js";

/**
 * Interim stand-in (kitchen branch): the floor helper builds this file with the console socket; this
 * copy has the same name, path and signature so the kitchen publishes through it today. On merge,
 * the floor's version replaces it.
 */
export type StaffTopic = "floor" | "kitchen";

export const staffTopic = (restaurantId: number, topic: StaffTopic) => `staff:${restaurantId}:${topic}`;

/** Publishes one message (`{topic, type, ...}` on the wire) to a restaurant's staff topic, after its change committed. */
export async function publishStaff(
  backplane: Backplane,
  restaurantId: number,
  topic: StaffTopic,
  message: { type: string } & Record<string, unknown>,
): Promise<void> {
  const text = `{"topic":${JSON.stringify(topic)},${JSON.stringify(message).slice(1)}`;
  await backplane.publish(staffTopic(restaurantId, topic), text);
}
