import Popup from "antd-mobile/es/components/popup";
import { SHARED_CART_COPY } from "../../copy.js";
import { useCartStore } from "./cart-store.js";
import { MustOrderWords } from "./MustOrderWords.js";
import { withRefusalToast } from "./refusal.js";
import "./people-picker.css";

/** The counts offered: a table's usual party sizes. */
const COUNTS = Array.from({ length: 20 }, (_, i) => i + 1);

export interface PeoplePickerProps {
  visible: boolean;
  /** the table's count now; 0 before anyone set it */
  current: number;
  onClose(): void;
}

/**
 * The diner count as a grid of choices: a tap sends it through the cart (type 30), so must-order
 * dishes follow (said above the grid, as the cart takes them) and every tablemate's top bar shows the
 * new count.
 */
export function PeoplePicker({ visible, current, onClose }: PeoplePickerProps) {
  const setPersonNum = useCartStore((state) => state.setPersonNum);
  const choose = (count: number) => {
    onClose();
    if (count !== current) void withRefusalToast(setPersonNum(count));
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="people-picker">
      <h2 className="people-picker__title">{SHARED_CART_COPY.peopleTitle}</h2>
      <MustOrderWords />
      <div className="people-picker__grid" role="listbox" aria-label={SHARED_CART_COPY.peopleTitle}>
        {COUNTS.map((count) => (
          <button
            key={count}
            type="button"
            role="option"
            aria-selected={count === current}
            className={
              count === current
                ? "people-picker__count people-picker__count--current"
                : "people-picker__count"
            }
            onClick={() => choose(count)}
          >
            {SHARED_CART_COPY.people(count)}
          </button>
        ))}
      </div>
    </Popup>
  );
}
