import type { ReactNode } from "react";

export interface ChipProps {
  selected: boolean;
  disabled?: boolean;
  onSelect(): void;
  children: ReactNode;
}

/** One option to tap: a norm, a method or a combo part. */
export function Chip({ selected, disabled, onSelect, children }: ChipProps) {
  return (
    <button
      type="button"
      className={selected ? "choice-chip is-selected" : "choice-chip"}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

/** A markup after an option's name; the space keeps them apart in what screen readers say too. */
export function ChipExtra({ text }: { text: string }) {
  return (
    <>
      {" "}
      <span className="choice-chip__extra">{text}</span>
    </>
  );
}

export function ChoiceSection({
  title,
  note,
  children,
}: {
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section className="choice-section">
      <h4 className="choice-section__title">
        {title}
        {note && <span className="choice-section__note">{note}</span>}
      </h4>
      {children}
    </section>
  );
}
