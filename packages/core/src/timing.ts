/** Timing and rendering constants of the diner app (spec 000 §5, §9; 001 §2, §9). */
export const TIMING = {
  tapThrottleMs: 505,
  addThrottleMs: 300,
  searchDebounceMs: 100,
  slowNetworkMs: 1000,
  toastMs: 2500,
  tablemateNoticeMs: 3000,
  posOfflineAlertDelayMs: 1000,
  callWaiterCooldownMs: 60_000,
  httpTimeoutMs: 20_000,
  slowLoadingReportMs: 20_000,
  socketRetryMs: 2000,
  socketMaxRetries: 5,
  socketReconnectToastAfter: 2,
  cartCacheMs: 30 * 60_000,
} as const;

export const RENDER_WINDOW = {
  /** screens above the viewport that stay rendered */
  screensAbove: 1,
  /** screens below the viewport that stay rendered */
  screensBelow: 3,
  /** dishes rendered on the first paint, across categories */
  firstRender: 15,
} as const;

/** Pulling to change page needs a drag over this many pixels. */
export const PULL_PAGE_PX = 50;
