import type { StaffTopic, StaffTopicEvents } from "@tablemate/core";
import type { Backplane } from "./hub.js";

/**
 * The staff console's topics (issue 17): one per restaurant and topic, carried by the backplane (memory
 * or Redis) so a console socket on any server process hears what any process publishes. The console
 * socket (console-socket.ts) subscribes only to the topics its role may read.
 */
export const staffTopic = (restaurantId: number, topic: StaffTopic) => `staff:${restaurantId}:${topic}`;

/**
 * Publishes one message to a restaurant's staff topic, after the change it tells of has committed.
 * On the wire it is `{topic, type, ...}` (core's consoleSocketMessageSchema).
 */
export async function publishStaff<T extends StaffTopic>(
  backplane: Backplane,
  restaurantId: number,
  topic: T,
  message: StaffTopicEvents[T],
): Promise<void> {
  // the topic first, then the message's own fields (literal text: no spread on the submit's path)
  const text = `{"topic":${JSON.stringify(topic)},${JSON.stringify(message).slice(1)}`;
  await backplane.publish(staffTopic(restaurantId, topic), text);
}
