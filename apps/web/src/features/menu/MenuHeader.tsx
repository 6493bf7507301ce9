import { COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";

/** Top bar (table name and diner count) and the restaurant's title banner (spec 000 §2). */
export function MenuHeader() {
  const table = useAppStore((state) => state.table);
  const restaurant = useAppStore((state) => state.restaurant);
  const personNum = table?.personNum ?? 0;
  return (
    <header className="menu-header">
      <div className="menu-topbar">
        <div className="menu-topbar__table">
          <span className="menu-topbar__label">{COPY.tableLabel}</span>
          <span className="menu-topbar__name" data-testid="table-name">
            {table?.tableName ?? ""}
          </span>
          {personNum > 0 && <span className="menu-topbar__diners">{COPY.dinerCount(personNum)}</span>}
        </div>
      </div>
      <div className="menu-banner">
        <div className="menu-banner__icon">
          {restaurant?.iconUrl ? (
            <img src={restaurant.iconUrl} alt="" width={44} height={44} />
          ) : (
            // no logo uploaded: the name's first character stands in
            <span className="menu-banner__initial">{Array.from(restaurant?.restaurantName ?? "")[0]}</span>
          )}
        </div>
        <div className="menu-banner__text">
          <h1 className="menu-banner__title">{restaurant?.restaurantName ?? ""}</h1>
          <p className="menu-banner__notice">{restaurant?.announcement || COPY.defaultAnnouncement}</p>
        </div>
      </div>
    </header>
  );
}
