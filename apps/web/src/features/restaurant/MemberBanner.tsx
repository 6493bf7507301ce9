import { lazy, Suspense, useEffect, useState } from "react";

// the banner's code, words and member state load once the menu is up, never with its first screen
const MemberBar = lazy(async () => ({ default: (await import("../member/MemberBar.js")).MemberBar }));

/**
 * The member banner's place (spec 000 §2, 001 §2). It is in the server's first screen, as tall as
 * the banner, so the banner, loaded when the browser is next idle, moves nothing; it folds away
 * (restaurant.css) when the banner says member features are hidden.
 */
export function MemberBanner() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const show = () => setShown(true);
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(show, { timeout: 2000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(show, 300);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="member-banner" data-testid="member-banner">
      {shown && (
        <Suspense fallback={null}>
          <MemberBar />
        </Suspense>
      )}
    </div>
  );
}
