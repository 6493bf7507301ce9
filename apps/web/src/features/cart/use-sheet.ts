import { useCallback, useState } from "react";

/**
 * A pop-up that is mounted only while in use, so a hundred dish cards do not each keep one, and
 * that stays mounted through its closing animation.
 */
export function useSheet() {
  const [mounted, setMounted] = useState(false);
  const [visible, setVisible] = useState(false);
  const open = useCallback(() => {
    setMounted(true);
    setVisible(true);
  }, []);
  const close = useCallback(() => setVisible(false), []);
  const afterClose = useCallback(() => setMounted(false), []);
  return { mounted, visible, open, close, afterClose };
}
