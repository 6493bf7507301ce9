/** Waits (polling every 50 ms) until `check` answers something truthy; fails after `ms`. */
export async function until<T>(check: () => Promise<T | undefined | null | false>, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
