import { COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";

/**
 * The member banner, shown only when member initialisation succeeded (spec 000 §2). Until the member
 * issue loads cards that never happens, so it stays hidden; its join-member text is the placeholder.
 */
export function MemberBanner() {
  const shown = useAppStore((state) => state.memberInitialised);
  if (!shown) return null;
  return (
    <div className="member-banner" data-testid="member-banner">
      {COPY.memberBanner}
    </div>
  );
}
