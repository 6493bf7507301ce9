import type { ConsoleSocketMessage, Floor } from "@tablemate/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { readFloor } from "../../api/floor.js";
import { beep } from "./beep.js";
import { openConsoleSocket, type SocketStatus } from "./console-socket.js";

export interface LiveFloor {
  floor: Floor | null;
  error: string | null;
  status: SocketStatus;
  /** tables with news not yet looked at (a new order or call since the drawer last showed them) */
  unseen: ReadonlySet<number>;
  /** grows with every floor message: an open drawer reads its table again */
  revision: number;
  markSeen(tableId: number): void;
  reload(): void;
}

/** How long messages are gathered before the floor is read again (a burst of orders reads it once). */
const RELOAD_DELAY_MS = 250;

/**
 * The floor, kept live: read once, then read again shortly after each message of the floor topic; a
 * new order or waiter call beeps (unless `muted`) and marks its table until its drawer is opened. A
 * socket that comes back (its hello) reads the floor again, so nothing missed while away is lost.
 */
export function useLiveFloor(rid: number, muted: boolean): LiveFloor {
  const [floor, setFloor] = useState<Floor | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const [unseen, setUnseen] = useState<ReadonlySet<number>>(new Set());
  const [revision, setRevision] = useState(0);
  const mutedRef = useRef(muted);
  mutedRef.current = muted;

  const reload = useCallback(() => {
    readFloor(rid)
      .then((next) => {
        setFloor(next);
        setError(null);
      })
      .catch((e: Error) => setError(e.message));
  }, [rid]);

  useEffect(() => {
    reload();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, RELOAD_DELAY_MS);
    };
    const onMessage = (message: ConsoleSocketMessage) => {
      if (message.topic === "console") return later();
      if (message.topic !== "floor") return;
      setRevision((r) => r + 1);
      if (message.type === "orderPlaced" || message.type === "waiterCall") {
        const tableId = message.tableId;
        setUnseen((set) => new Set(set).add(tableId));
        if (!mutedRef.current) beep(message.type === "waiterCall" ? "call" : "order");
      }
      later();
    };
    const close = openConsoleSocket(rid, { onMessage, onStatus: setStatus });
    return () => {
      clearTimeout(timer);
      close();
    };
  }, [rid, reload]);

  const markSeen = useCallback((tableId: number) => {
    setUnseen((set) => {
      if (!set.has(tableId)) return set;
      const next = new Set(set);
      next.delete(tableId);
      return next;
    });
  }, []);

  return { floor, error, status, unseen, revision, markSeen, reload };
}
