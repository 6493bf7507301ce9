import { muteSwitch, twoTones } from "../../sound.js";

/** The station's mute switch, kept on this device. */
export const kitchenMute = muteSwitch("tablemate-kitchen-muted");

/** The new-ticket chime, unless the station is muted. */
export function chime(): void {
  if (!kitchenMute.load()) twoTones([880, 1320]);
}
