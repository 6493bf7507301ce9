import { type ReactNode, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** the open traps, the latest last: only it answers keys (a note editor over the cart sheet) */
const open: HTMLElement[] = [];

/**
 * Keeps keyboard focus inside a sheet while it is open (issue 28, WCAG 2.4.3): focus moves to its first
 * control when it opens, Tab and Shift+Tab go round its controls, Escape closes it (`onClose`), and
 * focus goes back to where it was (the control that opened it) when it closes.
 */
export function FocusTrap({
  active,
  onClose,
  children,
}: {
  /** the sheet is open (not closing) */
  active: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const box = ref.current;
    if (!box || !active) return;
    open.push(box);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const controls = () =>
      Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
    if (!box.contains(document.activeElement)) (controls()[0] ?? box).focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (open[open.length - 1] !== box) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const list = controls();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      const inside = box.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      open.splice(open.indexOf(box), 1);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [active]);
  return (
    <div ref={ref} tabIndex={-1} className="focus-trap">
      {children}
    </div>
  );
}
