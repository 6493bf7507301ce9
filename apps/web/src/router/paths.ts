/** Paths of the app, under the configured prefix (spec 000 §2). */
export const PATHS = {
  entry: "/",
  main: "/main",
  abnormal: "/prompt/abnormal",
  noOrder: "/prompt/order",
  overdue: "/prompt/overdue",
  logout: "/prompt/logout",
} as const;

/** 001's short forms of the prompt pages; they redirect to /prompt/* keeping the query (DECISIONS). */
export const SHORT_FORM_REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: "/abnormal", to: PATHS.abnormal },
  { from: "/no/order", to: PATHS.noOrder },
  { from: "/overdue", to: PATHS.overdue },
  { from: "/logout", to: PATHS.logout },
];
