import { MSG, TIMING } from "@tablemate/core";
import { useEffect, useState } from "react";
import { SHARED_CART_COPY } from "../../copy.js";
import { dishOf } from "./dish-lookup.js";
import { subscribeTableEvents } from "./table-events.js";

/** What a tablemate did, in a few words: 小王加了毛血旺. */
function noticeOf(name: string, foodId: number | undefined, inc: string | undefined): string | null {
  const dish = foodId === undefined ? undefined : dishOf(foodId);
  if (!dish || inc === undefined || Number(inc) === 0) return null;
  return Number(inc) > 0
    ? SHARED_CART_COPY.added(name, dish.name)
    : SHARED_CART_COPY.removed(name, dish.name);
}

/** The small notice of a tablemate's dish added or removed, shown for 3 seconds (spec 001 §2). */
export function TablemateNotice() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeTableEvents((event) => {
      if (!("message" in event) || !event.fromTablemate || event.message.type !== MSG.dish) return;
      const notice = noticeOf(event.message.actor.name, event.message.foodId, event.message.inc);
      if (!notice) return;
      setText(notice);
      clearTimeout(timer);
      timer = setTimeout(() => setText(null), TIMING.tablemateNoticeMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  // the live region is there before its words, so a screen reader says each notice (politely)
  return (
    <div aria-live="polite">
      {text && (
        <output className="tablemate-notice" data-testid="tablemate-notice">
          {text}
        </output>
      )}
    </div>
  );
}
