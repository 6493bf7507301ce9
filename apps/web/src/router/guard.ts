/**
 * The entry's redirect in progress: the page it resumes is let through the guard once, since a
 * resumed page loads what it needs itself (spec 000 §2: "with no pending redirect").
 */
let pendingRedirect: string | null = null;

export function markPendingRedirect(path: string): void {
  pendingRedirect = path;
}

/** True once for the path the entry redirected to. */
export function takePendingRedirect(path: string): boolean {
  if (pendingRedirect !== path) return false;
  pendingRedirect = null;
  return true;
}

/** Guarded pages need a started store unless the entry's redirect brought the diner there. */
export function guardAllows(options: { guarded: boolean; isInitial: boolean; redirected: boolean }): boolean {
  return !options.guarded || options.isInitial || options.redirected;
}
