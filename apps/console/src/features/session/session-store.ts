import type { StaffRole, StaffSession, StaffSessionRestaurant } from "@tablemate/core";
import { create } from "zustand";
import { setUnauthorizedHandler } from "../../api/http.js";
import * as sessionApi from "../../api/session.js";

/** The restaurant chosen last on this device, so an owner of several comes back to it. */
export const RESTAURANT_STORAGE_KEY = "tablemate-console-restaurant";

export type SessionStatus = "unknown" | "signedOut" | "signedIn";

export interface SessionState {
  status: SessionStatus;
  session: StaffSession | null;
  /** the restaurant the console works at (one of the session's) */
  restaurantId: number | null;
  /** why the session ended, shown on the login page (expired), or null */
  notice: string | null;
  /** reads the cookie's session (GET): signed in, or signed out */
  check(): Promise<void>;
  signIn(login: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** a session the server answered (a PIN switch): it replaces the current one */
  adopt(session: StaffSession): void;
  chooseRestaurant(restaurantId: number): void;
  /** a call answered 401: the session is gone */
  expire(notice: string): void;
}

function storedRestaurant(): number | null {
  try {
    const value = Number(localStorage.getItem(RESTAURANT_STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function storeRestaurant(restaurantId: number): void {
  try {
    localStorage.setItem(RESTAURANT_STORAGE_KEY, String(restaurantId));
  } catch {
    // storage disabled: the first restaurant is chosen next time
  }
}

/** The restaurant to work at: the one chosen before if the session still has it, else its first. */
function restaurantFor(session: StaffSession, preferred: number | null): number | null {
  const ids = session.restaurants.map((r) => r.id);
  if (preferred !== null && ids.includes(preferred)) return preferred;
  return ids[0] ?? null;
}

export const useSession = create<SessionState>()((set, get) => ({
  status: "unknown",
  session: null,
  restaurantId: null,
  notice: null,
  async check() {
    const session = await sessionApi.readSession();
    if (session) get().adopt(session);
    else set({ status: "signedOut", session: null, restaurantId: null });
  },
  async signIn(login, password) {
    const session = await sessionApi.signIn({ login, password });
    get().adopt(session);
  },
  async signOut() {
    try {
      await sessionApi.signOut();
    } finally {
      set({ status: "signedOut", session: null, restaurantId: null, notice: null });
    }
  },
  adopt(session) {
    const restaurantId = restaurantFor(session, get().restaurantId ?? storedRestaurant());
    if (restaurantId !== null) storeRestaurant(restaurantId);
    set({ status: "signedIn", session, restaurantId, notice: null });
  },
  chooseRestaurant(restaurantId) {
    const { session } = get();
    if (!session?.restaurants.some((r) => r.id === restaurantId)) return;
    storeRestaurant(restaurantId);
    set({ restaurantId });
  },
  expire(notice) {
    if (get().status === "signedOut") return;
    set({ status: "signedOut", session: null, restaurantId: null, notice });
  },
}));

export function resetSessionStore(): void {
  useSession.setState({ status: "unknown", session: null, restaurantId: null, notice: null });
}

/** The restaurant being worked at, with the signed-in staff member's role there. */
export function currentRestaurant(state: SessionState): StaffSessionRestaurant | null {
  return state.session?.restaurants.find((r) => r.id === state.restaurantId) ?? null;
}

export function useCurrentRestaurant(): StaffSessionRestaurant | null {
  return useSession(currentRestaurant);
}

/** For pages under the layout, which renders them only with a restaurant chosen. */
export function useWorkplace(): { restaurantId: number; role: StaffRole; name: string } {
  const restaurant = useCurrentRestaurant();
  if (!restaurant) throw new Error("a console page rendered without a restaurant");
  return { restaurantId: restaurant.id, role: restaurant.role, name: restaurant.name };
}

/** Any call answering 401 ends the session: the app shows the login page. */
export function watchUnauthorized(notice: () => string): void {
  setUnauthorizedHandler(() => useSession.getState().expire(notice()));
}
