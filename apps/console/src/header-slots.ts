import type { ComponentType } from "react";
import { ChangePassword } from "./features/staff/ChangePassword.js";
import { PinSwitch } from "./features/staff/PinSwitch.js";

/**
 * Parts of the console's header besides the restaurant, the staff member and sign-out: the PIN switch
 * (another staff member takes the tablet) is one. Each renders in the header's right-hand group,
 * before the staff member's name.
 */
export const HEADER_SLOTS: readonly ComponentType[] = [PinSwitch, ChangePassword];
