import { lazy, Suspense } from "react";
import { holdsMemberLogin } from "../../api/member-login-key.js";
import { useAppStore } from "../../store/app-store.js";
import { useFirstUse } from "./first-use.js";

// the banner's code, words and member state load when the diner first uses the page (a member's phone
// at once: its prices are the member's), never with the first screen nor after every one (issue 28)
const MemberBar = lazy(async () => ({ default: (await import("../member/MemberBar.js")).MemberBar }));

/**
 * The member banner's place (spec 000 §2, 001 §2). It is in the server's first screen, as tall as
 * the banner, so the banner moves nothing when it comes; it folds away (restaurant.css) when the
 * banner says member features are hidden.
 */
export function MemberBanner() {
  const rid = useAppStore((state) => state.hotelid);
  const shown = useFirstUse(rid !== null && holdsMemberLogin(rid));
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
