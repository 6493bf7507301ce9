import { searchDishes, TIMING } from "@tablemate/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { COPY } from "../../copy.js";
import { CartBar } from "../../features/cart/index.js";
import { LoadingOverlay } from "../../features/loading/LoadingOverlay.js";
import { LIST_DESIGN } from "../../features/menu/card-designs.js";
import { useShownFoods } from "../../features/menu/hidden-dishes.js";
import { BackIcon, SearchIcon } from "../../features/menu/icons.js";
import { MenuList } from "../../features/menu/MenuList.js";
import { dishEntries, layoutMenu } from "../../features/menu/menu-layout.js";
import { useElementSize } from "../../features/menu/use-element-size.js";
import { useGoBack } from "../../router/navigation.js";
import { usePageActive } from "../../router/page-active.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import "../../features/menu/menu.css";
import "./search.css";
import { useDebouncedValue } from "./use-debounced-value.js";

/** Until the results are measured: a phone's width. */
const FALLBACK_WIDTH = 366;

/**
 * /search (spec 000 §2), kept alive with /main: dish names matching what is typed (debounced
 * 100 ms), as the menu's cards with the same rules, or a message when nothing matches.
 */
export function SearchPage() {
  const foods = useShownFoods();
  const loading = useAppStore((state) => state.entryLoading);
  const [keyword, setKeyword] = useState("");
  const settled = useDebouncedValue(keyword, TIMING.searchDebounceMs);
  const back = useGoBack(PATHS.main);
  const active = usePageActive();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const { width } = useElementSize(box);

  const results = useMemo(() => searchDishes(foods, settled), [foods, settled]);
  const layout = useMemo(
    () => layoutMenu(dishEntries(results), LIST_DESIGN, width || FALLBACK_WIDTH),
    [results, width],
  );

  // a fresh search starts with the keyboard up; a return finds the page as it was left
  useEffect(() => {
    if (active && keyword === "") inputRef.current?.focus();
  }, [active, keyword]);

  return (
    <div className="search-page">
      <header className="search-page__bar">
        <button type="button" className="back-button" aria-label={COPY.back} onClick={back}>
          <BackIcon />
        </button>
        <label className="search-page__field">
          <SearchIcon />
          <input
            ref={inputRef}
            type="search"
            enterKeyHint="search"
            className="search-page__input"
            placeholder={COPY.searchPlaceholder}
            aria-label={COPY.searchPlaceholder}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
        </label>
      </header>
      <div className="search-page__results" ref={scrollerRef} data-testid="search-results">
        <div className="search-page__list" ref={setBox}>
          {settled.trim() === "" ? (
            <p className="search-page__message">{COPY.searchHint}</p>
          ) : results.length === 0 ? (
            <p className="search-page__message">{COPY.searchEmpty}</p>
          ) : (
            <MenuList
              layout={layout}
              variant={LIST_DESIGN.variant}
              scrollerRef={scrollerRef}
              listRef={listRef}
            />
          )}
        </div>
      </div>
      <CartBar />
      <LoadingOverlay visible={loading} />
    </div>
  );
}
