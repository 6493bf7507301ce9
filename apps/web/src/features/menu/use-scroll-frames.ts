import { type RefObject, useEffect, useRef } from "react";

/**
 * Runs `onFrame` at most once per animation frame while the scroller scrolls or the window
 * resizes, and once after every change of `trigger` (a new layout).
 */
export function useScrollFrames(
  scrollerRef: RefObject<HTMLElement | null>,
  onFrame: () => void,
  trigger: unknown,
): void {
  const callback = useRef(onFrame);
  callback.current = onFrame;

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let frame: number | null = null;
    const schedule = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        callback.current();
      });
    };
    scroller.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      scroller.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [scrollerRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the trigger changes
  useEffect(() => {
    const frame = requestAnimationFrame(() => callback.current());
    return () => cancelAnimationFrame(frame);
  }, [trigger]);
}
