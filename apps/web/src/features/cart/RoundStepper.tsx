import { DISH_COPY } from "../../copy.js";
import "./round-stepper.css";

export interface RoundStepperProps {
  /** the count shown between − and +; null shows + alone */
  count: string | null;
  onMinus(): void;
  onPlus(): void;
  /** a unit after the count (weighed dishes) */
  unit?: string;
  plusDisabled?: boolean;
}

/** Round − count + buttons: dish cards, cart lines and add-ons all look and work alike. */
export function RoundStepper({ count, onMinus, onPlus, unit, plusDisabled }: RoundStepperProps) {
  return (
    <span className="round-stepper">
      {count !== null && (
        <>
          <button
            type="button"
            className="round-stepper__minus"
            aria-label={DISH_COPY.minus}
            onClick={onMinus}
          >
            <span aria-hidden="true">−</span>
          </button>
          <span className="round-stepper__count" data-testid="stepper-count">
            {count}
            {unit && <span className="round-stepper__unit">{unit}</span>}
          </span>
        </>
      )}
      <button
        type="button"
        className="round-stepper__plus"
        aria-label={DISH_COPY.plus}
        disabled={plusDisabled}
        onClick={onPlus}
      >
        <span aria-hidden="true">+</span>
      </button>
    </span>
  );
}
