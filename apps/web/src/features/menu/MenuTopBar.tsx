import { ORDER_LIST_QUERY_KEYS, offersCallWaiter } from "@tablemate/core";
import { type ReactNode, useState } from "react";
import { COPY } from "../../copy.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { DinerCount } from "../cart/DinerCount.js";
import { useCallWaiter } from "../order/use-call-waiter.js";
import { BellIcon, OrderListIcon, RefreshIcon, SearchIcon } from "./icons.js";

interface TopBarButtonProps {
  label: string;
  onClick?(): void;
  disabled?: boolean;
  busy?: boolean;
  children: ReactNode;
}

function TopBarButton({ label, onClick, disabled = false, busy = false, children }: TopBarButtonProps) {
  return (
    <button
      type="button"
      className={busy ? "menu-topbar__button menu-topbar__button--busy" : "menu-topbar__button"}
      aria-label={label}
      aria-busy={busy}
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
 * (the stock).
 */
export function MenuTopBar() {
  const table = useAppStore((state) => state.table);
  const bell = useAppStore((state) => state.restaurant !== null && offersCallWaiter(state.restaurant));
  const refreshStock = useAppStore((state) => state.refreshStock);
  const navigate = useCarryingNavigate();
  const [refreshing, setRefreshing] = useState(false);
  const callWaiter = useCallWaiter();
  const personNum = table?.personNum ?? 0;

  const refresh = () => {
    setRefreshing(true);
    void refreshStock().finally(() => setRefreshing(false));
  };

  return (
    <div className="menu-topbar">
      <div className="menu-topbar__table">
        <span className="menu-topbar__label">{COPY.tableLabel}</span>
        <span className="menu-topbar__name" data-testid="table-name">
          {table?.tableName ?? ""}
        </span>
        <span className="menu-topbar__diners">
          <DinerCount personNum={personNum} />
        </span>
      </div>
      <div className="menu-topbar__actions">
        <TopBarButton label={COPY.search} onClick={() => navigate(PATHS.search)}>
          <SearchIcon />
        </TopBarButton>
        {bell && (
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
        <TopBarButton label={COPY.refresh} onClick={refresh} disabled={refreshing} busy={refreshing}>
          <RefreshIcon />
        </TopBarButton>
      </div>
    </div>
  );
}
