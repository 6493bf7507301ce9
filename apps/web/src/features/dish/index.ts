/**
 * The dish feature's public face for the menu screen (owned by the dish/cart work):
 * - DishAddControl: the control on a dish card (plain + / −, or 选择 with an ordered-count bubble)
 * - openDishDetail: opens the detail modal of a dish (card tap)
 * - DishModalsHost: renders whichever dish modal is open; mounted once by the menu page
 */
export { DishAddControl } from "./DishAddControl.js";
export { DishModalsHost, openDishDetail } from "./modals.js";
