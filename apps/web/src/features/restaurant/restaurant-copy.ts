import { localized } from "../../i18n/i18n.js";
/**
 * The restaurant detail panel's and the map page's words: loaded with the panel (or the page), not
 * with the menu's first screen, whose script budget they would spend.
 */
export const RESTAURANT_COPY = localized("restaurant", {
  restaurantDetail: "餐厅详情",
  address: "地址",
  phone: "电话",
  businessTime: "营业时间",
  tags: "特色",
  environment: "环境",
  description: "简介",
  viewMap: "查看地图",
  mapTitle: "餐厅位置",
  latitude: "纬度",
  longitude: "经度",
} as const);
