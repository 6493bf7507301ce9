/**
 * The entry's redirect in progress: the page it resumes is let through the guard, since a resumed
 * page loads what it needs itself (spec 000 §2: "with no pending redirect"). The first location of
 * that path to ask claims it, and keeps it however often it renders; any later visit does not.
 */
let pending: { path: string; claimedBy: string | null } | null = null;

export function markPendingRedirect(path: string): void {
  pending = { path, claimedBy: null };
}

/** True for the location (by its key) that the entry redirected to `path`. */
export function takePendingRedirect(path: string, locationKey: string): boolean {
  if (!pending || pending.path !== path) return false;
  pending.claimedBy ??= locationKey;
  return pending.claimedBy === locationKey;
}

/** Guarded pages need a started store unless the entry's redirect brought the diner there. */
export function guardAllows(options: { guarded: boolean; isInitial: boolean; redirected: boolean }): boolean {
  return !options.guarded || options.isInitial || options.redirected;
}
