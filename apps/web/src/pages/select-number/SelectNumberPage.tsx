import { type FormEvent, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { SHARED_CART_COPY } from "../../copy.js";
import { useCartStore } from "../../features/cart/cart-store.js";
import { MustOrderWords } from "../../features/cart/MustOrderWords.js";
import { withRefusalToast } from "../../features/cart/refusal.js";
import { showToast } from "../../features/loading/toast.js";
import { RestaurantIcon } from "../../features/restaurant/RestaurantIcon.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { asksTableDinerCount } from "../../store/diner-count.js";
import { StartupError } from "../../store/startup-error.js";
import type { PageQuery } from "../../store/types.js";
import { SelectNumberWait } from "./SelectNumberRoute.js";
import { SELECT_NUMBER_COPY } from "./select-number-copy.js";
import "./select-number.css";

/** The counts offered at a tap: most parties; a bigger one is typed. */
const COUNTS = Array.from({ length: 12 }, (_, i) => i + 1);
/** The most diners a count may say (the setPersonNum call's limit). */
const MAX_COUNT = 99;

/** A typed count: a whole number of diners from 1 to 99, else null. */
function typedCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= 1 && count <= MAX_COUNT ? count : null;
}

/** The grid of counts and the typed one; a choice sets the table's count (type 30), must-order dishes follow. */
function CountChooser() {
  const restaurant = useAppStore((state) => state.restaurant);
  const tableName = useAppStore((state) => state.table?.tableName ?? "");
  const setPersonNum = useCartStore((state) => state.setPersonNum);
  const [sending, setSending] = useState(false);
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState("");

  // the page moves on when the table's count shows (asksDinerCount turns false); a refusal stays here
  const choose = async (count: number) => {
    if (sending) return;
    setSending(true);
    if (!(await withRefusalToast(setPersonNum(count)))) setSending(false);
  };
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const count = typedCount(typed);
    if (count === null) showToast(SELECT_NUMBER_COPY.badCount);
    else void choose(count);
  };

  return (
    <main className="select-number" data-testid="select-number-page" aria-busy={sending}>
      {restaurant && (
        <header className="select-number__brand">
          <RestaurantIcon restaurant={restaurant} size={48} />
          <div>
            <p className="select-number__name">{restaurant.restaurantName}</p>
            {tableName && <p className="select-number__table">{SELECT_NUMBER_COPY.table(tableName)}</p>}
          </div>
        </header>
      )}
      <h1 className="select-number__title">{SELECT_NUMBER_COPY.title}</h1>
      {/* beside the counts, before a tap: what each count brings */}
      <MustOrderWords />
      <fieldset className="select-number__grid" aria-label={SHARED_CART_COPY.peopleTitle}>
        {COUNTS.map((count) => (
          <button
            key={count}
            type="button"
            className="select-number__count"
            disabled={sending}
            onClick={() => void choose(count)}
          >
            {SHARED_CART_COPY.people(count)}
          </button>
        ))}
      </fieldset>
      {typing ? (
        <form className="select-number__typed" onSubmit={submitTyped}>
          <input
            className="select-number__input"
            aria-label={SELECT_NUMBER_COPY.moreLabel}
            placeholder={SELECT_NUMBER_COPY.morePlaceholder}
            inputMode="numeric"
            maxLength={2}
            // opened by a tap on 更多人数: the keypad comes up at once
            ref={(node) => node?.focus()}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="select-number__confirm" disabled={sending}>
            {SELECT_NUMBER_COPY.confirm}
          </button>
        </form>
      ) : (
        <button type="button" className="select-number__more" onClick={() => setTyping(true)}>
          {SELECT_NUMBER_COPY.more}
        </button>
      )}
    </main>
  );
}

/**
 * The menu's entry (start, then period info and stock), made by the step before the menu: nothing
 * once started; the menu's first entry after it then takes the stock it just loaded (enteredBeforeMenu).
 */
async function enterBeforeMenu(query: PageQuery): Promise<void> {
  const store = useAppStore.getState();
  if (store.isInitial) return;
  await store.enterMain(query);
  useAppStore.setState({ enteredBeforeMenu: true });
}

/**
 * /selectNumber (spec 000 §2): the diner-count step before the menu, where the restaurant needs the
 * count and the table has none (store/diner-count.ts). It starts the store as the menu would, shows
 * the branded wait meanwhile, then asks; once the table has its count (this diner's choice, or a
 * tablemate's, or a reload after it was set) it goes on to the menu, replacing itself, so Back never
 * returns here.
 */
export function SelectNumberPage() {
  const [params] = useSearchParams();
  const navigate = useCarryingNavigate();
  const asked = useAppStore(asksTableDinerCount);
  // the menu's whole entry (start, then period info and stock), so the menu need not repeat it
  const [started, setStarted] = useState(false);

  useEffect(() => {
    enterBeforeMenu(Object.fromEntries(params))
      .then(() => setStarted(true))
      .catch((error: unknown) => {
        if (error instanceof StartupError) {
          navigate(PATHS.abnormal, { query: { error: error.reason }, replace: true });
        } else {
          console.error("diner-count step's start failed", error);
        }
      });
  }, [navigate, params]);

  useEffect(() => {
    if (started && !asked) navigate(PATHS.main, { replace: true });
  }, [started, asked, navigate]);

  return started && asked ? <CountChooser /> : <SelectNumberWait />;
}
