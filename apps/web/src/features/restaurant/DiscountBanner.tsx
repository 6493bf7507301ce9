import { COPY } from "../../copy.js";

/** The restaurant's offer (spec 000 §2), e.g. 满100减10; nothing when it has none. */
export function DiscountBanner({ text }: { text: string }) {
  if (!text.trim()) return null;
  return (
    <div className="discount-banner" data-testid="discount-banner">
      <span className="discount-banner__tag">{COPY.discount}</span>
      <span className="discount-banner__text">{text}</span>
    </div>
  );
}
