import { type SandboxSwitches, sandboxSwitchesSchema } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.js";
import { sandboxSwitches } from "../../../../db/schema.js";

/** A restaurant's sandbox switches: all off until set. */
export async function getSandboxSwitches(db: Db, restaurantId: number): Promise<SandboxSwitches> {
  const [row] = await db
    .select({ switches: sandboxSwitches.switches })
    .from(sandboxSwitches)
    .where(eq(sandboxSwitches.restaurantId, restaurantId));
  // keys it no longer has are ignored; a row that does not parse at all counts as all off
  const parsed = sandboxSwitchesSchema.safeParse(row?.switches ?? {});
  return parsed.success ? parsed.data : sandboxSwitchesSchema.parse({});
}

/** Replaces a restaurant's switches (a payload the caller parsed with sandboxSwitchesSchema). */
export async function setSandboxSwitches(
  db: Pick<Db, "insert">,
  restaurantId: number,
  switches: SandboxSwitches,
): Promise<SandboxSwitches> {
  const value = sandboxSwitchesSchema.parse(switches);
  await db
    .insert(sandboxSwitches)
    .values({ restaurantId, switches: value })
    .onConflictDoUpdate({ target: sandboxSwitches.restaurantId, set: { switches: value } });
  return value;
}
