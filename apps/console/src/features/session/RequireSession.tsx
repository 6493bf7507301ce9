import { Spin } from "antd";
import { type ReactNode, useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { COMMON_COPY } from "../../copy/index.js";
import { useSession } from "./session-store.js";

/**
 * The pages behind sign-in: the session is read once (GET), then a staff member without one (or whose
 * session a 401 ended) goes to the login page, which brings them back here after signing in.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const hasRestaurant = useSession((s) => s.restaurantId !== null);
  const check = useSession((s) => s.check);
  const location = useLocation();

  useEffect(() => {
    if (status === "unknown") void check().catch(() => useSession.setState({ status: "signedOut" }));
  }, [status, check]);

  if (status === "unknown") {
    return (
      <div className="console-loading">
        <Spin size="large" tip={COMMON_COPY.loading}>
          <div style={{ width: 120, height: 80 }} />
        </Spin>
      </div>
    );
  }
  if (status === "signedOut" || !hasRestaurant) {
    const next = `${location.pathname}${location.search}`;
    const to = next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`;
    return <Navigate to={to} replace />;
  }
  return <>{children}</>;
}
