import { muteSwitch, twoTones } from "../../sound.js";

/** The floor's beep for new orders and waiter calls (a call rings higher than an order). */
export function beep(kind: "order" | "call" = "order"): void {
  twoTones(kind === "call" ? [1046, 1318] : [880, 1046]);
}

/** The floor's mute switch, kept on this device. */
export const floorMute = muteSwitch("tablemate-console-muted");
