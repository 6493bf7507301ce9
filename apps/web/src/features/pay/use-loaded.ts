import { ApiError } from "@tablemate/client";
import { useCallback, useEffect, useState } from "react";

export type Loaded<T> =
  | { kind: "loading" }
  /** notFound: the server has no such thing for this diner; asking again cannot help */
  | { kind: "failed"; notFound: boolean; message: string }
  | { kind: "ready"; value: T };

/**
 * A pay page's data from the server: asked when `load` changes (memoise it), again on reload; `put`
 * replaces it with a fresher answer (the bill a claim answers with).
 */
export function useLoaded<T>(load: (() => Promise<T>) | null) {
  const [state, setState] = useState<Loaded<T>>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!load) {
      setState({ kind: "failed", notFound: true, message: "" });
      return;
    }
    let live = true;
    // attempt: a reload asks again
    void attempt;
    load()
      .then((value) => live && setState({ kind: "ready", value }))
      .catch(
        (error: unknown) =>
          live &&
          setState({
            kind: "failed",
            notFound: error instanceof ApiError && error.status === 404,
            message: error instanceof ApiError && error.kind === "envelope" ? error.message : "",
          }),
      );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const put = useCallback((value: T) => setState({ kind: "ready", value }), []);
  return { state, reload, put };
}
