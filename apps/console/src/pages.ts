import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  FireOutlined,
  IdcardOutlined,
  KeyOutlined,
  MoneyCollectOutlined,
  PrinterOutlined,
  QrcodeOutlined,
  SettingOutlined,
  StopOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { Permission, StaffRole } from "@tablemate/core";
import { roleCan } from "@tablemate/core";
import type { ComponentType } from "react";
import type { PageTitleKey } from "./copy/index.js";

/**
 * One page of the console. The router and the side menu are both built from PAGES, so a feature
 * adds its page with one entry here (and its strings in src/copy/<feature>.ts, `title` for the menu).
 */
export interface ConsolePage {
  /** its path under /console/, without a leading slash ('reports', 'floor') */
  path: string;
  /** the copy feature whose `title` names the page in the menu and the browser tab */
  titleKey: PageTitleKey;
  /** the menu's icon (@ant-design/icons) */
  icon: ComponentType;
  /**
   * The permission a role needs to see the page (core's roleCan). Hiding is only for the staff
   * member's sake: the server refuses every call the role may not make anyway.
   */
  permission: Permission;
  /** the page's own chunk: its module's default export is the page */
  load: () => Promise<{ default: ComponentType }>;
}

export const PAGES: readonly ConsolePage[] = [
  {
    path: "floor",
    titleKey: "floor",
    icon: AppstoreOutlined,
    permission: "floor.read",
    load: () => import("./features/floor/FloorPage.js"),
  },
  {
    path: "orders",
    titleKey: "orders",
    icon: UnorderedListOutlined,
    permission: "floor.read",
    load: () => import("./features/orders/OrdersPage.js"),
  },
  {
    path: "kitchen",
    titleKey: "kitchen",
    icon: FireOutlined,
    permission: "kitchen.read",
    load: () => import("./features/kitchen/KitchenPage.js"),
  },
  {
    path: "stock",
    titleKey: "stock",
    icon: StopOutlined,
    permission: "stock.write",
    load: () => import("./features/stock/StockPage.js"),
  },
  {
    path: "menu",
    titleKey: "menu",
    icon: BookOutlined,
    permission: "menu.write",
    load: () => import("./features/menu/MenuPage.js"),
  },
  {
    path: "tables",
    titleKey: "tables",
    icon: QrcodeOutlined,
    permission: "tables.write",
    load: () => import("./features/tables/TablesPage.js"),
  },
  {
    path: "stations",
    titleKey: "stations",
    icon: ApartmentOutlined,
    permission: "menu.write",
    load: () => import("./features/stations/StationsPage.js"),
  },
  {
    path: "print",
    titleKey: "print",
    icon: PrinterOutlined,
    permission: "bill.print",
    load: () => import("./features/print/PrintPage.js"),
  },
  {
    path: "payments",
    titleKey: "payments",
    icon: MoneyCollectOutlined,
    permission: "payments.read",
    load: () => import("./features/payments/PaymentsPage.js"),
  },
  {
    path: "members",
    titleKey: "members",
    icon: IdcardOutlined,
    permission: "members.read",
    load: () => import("./features/members/MembersPage.js"),
  },
  {
    path: "reports",
    titleKey: "reports",
    icon: BarChartOutlined,
    permission: "reports.read",
    load: () => import("./features/reports/ReportsPage.js"),
  },
  {
    path: "staff",
    titleKey: "staff",
    icon: TeamOutlined,
    permission: "staff.write",
    load: () => import("./features/staff/StaffPage.js"),
  },
  {
    path: "api-keys",
    titleKey: "apiKeys",
    icon: KeyOutlined,
    permission: "apiKeys.write",
    load: () => import("./features/staff/ApiKeysPage.js"),
  },
  {
    path: "audit",
    titleKey: "audit",
    icon: AuditOutlined,
    permission: "audit.read",
    load: () => import("./features/staff/AuditPage.js"),
  },
  {
    path: "settings",
    titleKey: "settings",
    icon: SettingOutlined,
    permission: "settings.write",
    load: () => import("./features/settings/SettingsPage.js"),
  },
];

/** The pages a role sees, in the registry's order. */
export function pagesFor(role: StaffRole, pages: readonly ConsolePage[] = PAGES): ConsolePage[] {
  return pages.filter((page) => roleCan(role, page.permission));
}
