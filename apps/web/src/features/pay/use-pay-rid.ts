import { parseId } from "@tablemate/core";
import { useSearchParams } from "react-router";
import { useAppStore } from "../../store/app-store.js";

/**
 * The restaurant a pay page acts at: the started store's, or while the store starts (the page opened
 * from a link shows at once, route-table's showsWhileStarting) the one its link names.
 */
export function usePayRid(): number | null {
  const started = useAppStore((state) => state.hotelid);
  const [params] = useSearchParams();
  return started ?? parseId(params.get("hotelid"));
}
