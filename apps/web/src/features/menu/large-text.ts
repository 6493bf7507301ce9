import { useEffect, useState } from "react";

/**
 * 长辈版 (issue 28): large text, a switch on the phone, remembered there. The class on <html> is set
 * before the first paint by index.html's inline script (same key), and styles/global.css scales the
 * page by it.
 */
const KEY = "tm-large-text";
const CLASS = "large-text";

function apply(on: boolean): void {
  document.documentElement.classList.toggle(CLASS, on);
  try {
    if (on) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // storage disabled (private mode): the switch lasts as long as this page
  }
}

/** Whether large text is on, and the switch (off in the first render, as the server drew it). */
export function useLargeText(): [boolean, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => setOn(document.documentElement.classList.contains(CLASS)), []);
  return [
    on,
    () => {
      apply(!on);
      setOn(!on);
    },
  ];
}
