import { HomeOutlined, LogoutOutlined, ShopOutlined } from "@ant-design/icons";
import { Button, Layout, Menu, Select, Space, Tag, Typography } from "antd";
import { createElement, lazy, Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { COMMON_COPY, pageTitle } from "../../copy/index.js";
import { HEADER_SLOTS } from "../../header-slots.js";
import { useLocale } from "../../i18n/locale.js";
import { pagesFor } from "../../pages.js";
import { HealthBanner } from "../health/HealthBanner.js";
import { useOpenOrder } from "../order-detail/open-order.js";
import { PageErrorBoundary } from "../pages/PageErrorBoundary.js";
import { PageLoading } from "../pages/PageLoading.js";
import { useCurrentRestaurant, useSession } from "../session/session-store.js";
import { LanguageSwitch } from "./LanguageSwitch.js";
import "./layout.css";

/** The one order detail, its own chunk, loaded the first time an order is opened. */
const OrderDetailDrawer = lazy(() =>
  import("../order-detail/OrderDetailDrawer.js").then((m) => ({ default: m.OrderDetailDrawer })),
);

/** The page a path shows: its first segment under /console/. */
export function selectedKey(pathname: string): string {
  return pathname.split("/").filter(Boolean)[0] ?? "";
}

/** The restaurant the console works at: a name, or a choice for a staff member of several. */
function RestaurantSwitcher() {
  const restaurants = useSession((s) => s.session?.restaurants ?? []);
  const restaurantId = useSession((s) => s.restaurantId);
  const choose = useSession((s) => s.chooseRestaurant);
  const current = useCurrentRestaurant();
  if (restaurants.length <= 1) {
    return (
      <Space className="header-restaurant" data-testid="restaurant-name">
        <ShopOutlined />
        <Typography.Text strong>{current?.name}</Typography.Text>
      </Space>
    );
  }
  return (
    <Select
      className="header-restaurant-select"
      aria-label={COMMON_COPY.switchRestaurant}
      data-testid="restaurant-switcher"
      value={restaurantId ?? undefined}
      onChange={choose}
      suffixIcon={<ShopOutlined />}
      options={restaurants.map((r) => ({ value: r.id, label: r.name }))}
      popupMatchSelectWidth={false}
    />
  );
}

/**
 * Every signed-in page: the side menu (the pages the role may see), the header (restaurant, slots such
 * as the PIN switch, the language, the staff member, sign out) and the page, each page loaded as its own
 * chunk. A change of language renders the frame again and the page anew, where it was.
 */
export function ConsoleLayout() {
  const locale = useLocale();
  const current = useCurrentRestaurant();
  const account = useSession((s) => s.session?.account);
  const signOut = useSession((s) => s.signOut);
  const location = useLocation();
  const openOrderId = useOpenOrder((s) => s.orderId);
  // tablets in portrait and narrow windows start with the menu folded to its icons
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < 900);
  const pages = current ? pagesFor(current.role) : [];
  const key = selectedKey(location.pathname);
  const page = pages.find((p) => p.path === key);

  // read each render: the words are those of the language shown
  const title = page ? `${pageTitle(page.titleKey)} · ${COMMON_COPY.appShortName}` : COMMON_COPY.appName;
  useEffect(() => {
    document.title = title;
  }, [title]);

  const items = [
    { key: "", icon: <HomeOutlined />, label: <Link to="/">{COMMON_COPY.home.title}</Link> },
    ...pages.map((p) => ({
      key: p.path,
      icon: createElement(p.icon),
      label: <Link to={`/${p.path}`}>{pageTitle(p.titleKey)}</Link>,
    })),
  ];

  return (
    <Layout className="console-layout">
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={200}
        collapsedWidth={64}
        className="console-sider"
      >
        <div className="console-logo">{collapsed ? "TM" : COMMON_COPY.appName}</div>
        <Menu theme="dark" mode="inline" selectedKeys={[key]} items={items} data-testid="side-menu" />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <RestaurantSwitcher />
          <Space size="middle" className="header-right">
            {HEADER_SLOTS.map((Slot, i) => (
              // the slots are a fixed list: their order is their identity
              // biome-ignore lint/suspicious/noArrayIndexKey: a constant list
              <Slot key={i} />
            ))}
            <LanguageSwitch />
            <Space size={6} data-testid="staff-member">
              <Typography.Text>{account?.name}</Typography.Text>
              {current && <Tag color="blue">{COMMON_COPY.roles[current.role]}</Tag>}
            </Space>
            <Button icon={<LogoutOutlined />} onClick={() => void signOut()}>
              {COMMON_COPY.signOut}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          <HealthBanner />
          <PageErrorBoundary key={`${location.pathname} ${locale}`}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
          {openOrderId !== null && (
            <Suspense fallback={null}>
              <OrderDetailDrawer />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
