/**
 * Times of day for tests that depend on business hours: the server is started with its clock moved
 * (TEST_CLOCK_SHIFT_MS) and a browser's clock is installed at the same time, whatever the hour the run.
 */

/** The demo's zone is Asia/Shanghai: UTC+8 all year. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** Today (in Shanghai) at a wall-clock time such as "12:00". */
export function todayInShanghaiAt(time: string): Date {
  const day = new Date(Date.now() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
  return new Date(`${day}T${time}:00+08:00`);
}

/** This week's `weekday` (1 Monday … 7 Sunday, in Shanghai) at a wall-clock time such as "12:00". */
export function thisWeekInShanghaiAt(weekday: number, time: string): Date {
  const today = new Date(Date.now() + SHANGHAI_OFFSET_MS).getUTCDay() || 7;
  return new Date(todayInShanghaiAt(time).getTime() + (weekday - today) * 86_400_000);
}

/** The server's env moving its clock by `shiftMs`, and the time its clock reads now. */
export function shiftedClock(shiftMs: number) {
  return {
    env: { TEST_CLOCK_SHIFT_MS: String(shiftMs) },
    now: () => new Date(Date.now() + shiftMs),
  };
}
