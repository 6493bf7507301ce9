import { ORDER_LIST_QUERY_KEYS, offersCallWaiter, queryFlag } from "@tablemate/core";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { COPY } from "../../copy.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { DinerCount } from "../cart/DinerCount.js";
import { useCallWaiter } from "../order/use-call-waiter.js";
import { BellIcon, OrderListIcon, RefreshIcon, SearchIcon } from "./icons.js";
import { useLargeText } from "./large-text.js";

/** The language switch comes with the app's code, after the first screen (its own chunk: not the first screen's bytes). */
const LanguageSwitch = lazy(() =>
  import("../language/LanguageSwitch.js").then(({ LanguageSwitch }) => ({ default: LanguageSwitch })),
);

interface TopBarButtonProps {
  label: string;
  onClick?(): void;
  disabled?: boolean;
  busy?: boolean;
  /** a switch's state (aria-pressed) */
  pressed?: boolean;
  children: ReactNode;
}

function TopBarButton({
  label,
  onClick,
  disabled = false,
  busy = false,
  pressed,
  children,
}: TopBarButtonProps) {
  return (
    <button
      type="button"
      className={busy ? "menu-topbar__button menu-topbar__button--busy" : "menu-topbar__button"}
      aria-label={label}
      aria-busy={busy}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * The menu's top bar (spec 000 §2): table name and diner count, then search, call-waiter
 * (features/order/use-call-waiter), the order list (carrying only its 10 parameters) and refresh
 * (the stock); before them, the language switch.
 */
export function MenuTopBar() {
  const table = useAppStore((state) => state.table);
  const bell = useAppStore((state) => state.restaurant !== null && offersCallWaiter(state.restaurant));
  const refreshStock = useAppStore((state) => state.refreshStock);
  const navigate = useCarryingNavigate();
  const [refreshing, setRefreshing] = useState(false);
  const callWaiter = useCallWaiter();
  const [largeText, switchLargeText] = useLargeText();
  const personNum = table?.personNum ?? 0;
  // a takeout or a reservation is nobody's table: no table name, no diner count, no bell (issue 25);
  // read from the link itself, so the server's first screen says the same
  const [params] = useSearchParams();
  const mode = queryFlag(params.get("takeout") ?? undefined)
    ? "takeout"
    : queryFlag(params.get("reserve") ?? undefined)
      ? "reserve"
      : null;

  const refresh = () => {
    setRefreshing(true);
    void refreshStock().finally(() => setRefreshing(false));
  };

  return (
    <div className="menu-topbar">
      {mode ? (
        <div className="menu-topbar__table" data-mode={mode}>
          {/* the header's name, as a table's is (what tests wait for once the menu is up) */}
          <span className="menu-topbar__name" data-testid="table-name">
            {COPY.modeLabel[mode]}
          </span>
        </div>
      ) : (
        <div className="menu-topbar__table">
          <span className="menu-topbar__label">{COPY.tableLabel}</span>
          <span className="menu-topbar__name" data-testid="table-name">
            {table?.tableName ?? ""}
          </span>
          <span className="menu-topbar__diners">
            <DinerCount personNum={personNum} />
          </span>
        </div>
      )}
      <div className="menu-topbar__actions">
        <Suspense fallback={<span className="language-switch" />}>
          <LanguageSwitch />
        </Suspense>
        <TopBarButton label={COPY.search} onClick={() => navigate(PATHS.search)}>
          <SearchIcon />
        </TopBarButton>
        {bell && !mode && (
          <TopBarButton label={COPY.callWaiter} {...callWaiter}>
            <BellIcon />
          </TopBarButton>
        )}
        <TopBarButton
          label={COPY.orderList}
          onClick={() => navigate(PATHS.orderList, { keys: ORDER_LIST_QUERY_KEYS })}
        >
          <OrderListIcon />
        </TopBarButton>
        <TopBarButton label={COPY.largeText} pressed={largeText} onClick={switchLargeText}>
          <span className="menu-topbar__glyph" aria-hidden="true">
            {COPY.largeTextGlyph}
          </span>
        </TopBarButton>
        <TopBarButton label={COPY.refresh} onClick={refresh} disabled={refreshing} busy={refreshing}>
          <RefreshIcon />
        </TopBarButton>
      </div>
    </div>
  );
}
