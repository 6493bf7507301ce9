import { session } from "../storage.js";

/** Where the last page's route name is kept; the entry route resumes it (spec 000 §2). */
export const ROUTE_NAME_KEY = "routeName";

export function saveRouteName(pathname: string): void {
  session.set(ROUTE_NAME_KEY, pathname);
}

export function loadRouteName(): string | null {
  return session.get(ROUTE_NAME_KEY);
}
