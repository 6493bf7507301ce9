import { type Permission, roleCan } from "@tablemate/core";
import { Result, Tabs } from "antd";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { MEMBERS_COPY as C, COMMON_COPY } from "../../copy/index.js";
import { PageLoading } from "../pages/PageLoading.js";
import { useWorkplace } from "../session/session-store.js";
import "./members.css";

interface MemberTab {
  /** its path under /console/members/ ('' for the lookup) */
  path: string;
  label: string;
  permission: Permission;
  Tab: ComponentType;
}

/** The tabs, each its own chunk, each shown to the roles that may use it (the server checks anyway). */
const TABS: readonly MemberTab[] = [
  { path: "", label: C.tabs.lookup, permission: "members.read", Tab: lazy(() => import("./LookupTab.js")) },
  {
    path: "coupons",
    label: C.tabs.coupons,
    permission: "members.write",
    Tab: lazy(() => import("./CouponsTab.js")),
  },
  {
    path: "recharge-rules",
    label: C.tabs.rules,
    permission: "members.write",
    Tab: lazy(() => import("./RechargeRulesTab.js")),
  },
  {
    path: "card-types",
    label: C.tabs.cardTypes,
    permission: "members.write",
    Tab: lazy(() => import("./CardTypesTab.js")),
  },
  {
    path: "offers",
    label: C.tabs.offers,
    permission: "members.write",
    Tab: lazy(() => import("./OffersTab.js")),
  },
];

/** The tab a path under /console/members shows: its second segment. */
function tabOf(pathname: string): string {
  return pathname.split("/").filter(Boolean)[1] ?? "";
}

/**
 * /console/members (会员): the lookup with a card's balances, ledger, adjusting and freezing
 * (members.read), then for managers the coupon templates, recharge rules, card types and 满减
 * (members.write), one tab each at /console/members/<tab>.
 */
export default function MembersPage() {
  const { role } = useWorkplace();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = TABS.filter((t) => roleCan(role, t.permission));
  const forbidden = (
    <Result
      status="403"
      title={COMMON_COPY.forbidden.title}
      subTitle={COMMON_COPY.forbidden.subtitle}
      data-testid="forbidden"
    />
  );
  return (
    <div className="members-page" data-testid="members-page">
      {tabs.length > 1 && (
        <Tabs
          className="members-tabs"
          activeKey={tabOf(location.pathname)}
          onChange={(key) => navigate(key === "" ? "/members" : `/members/${key}`)}
          items={tabs.map((t) => ({ key: t.path, label: t.label }))}
        />
      )}
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {TABS.map(({ path, Tab }) => {
            const element = tabs.some((t) => t.path === path) ? <Tab key={path} /> : forbidden;
            return path === "" ? (
              <Route key="lookup" index element={element} />
            ) : (
              <Route key={path} path={path} element={element} />
            );
          })}
          <Route path="*" element={<Navigate to="/members" replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}
