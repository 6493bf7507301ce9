import {
  type CardRights,
  currentCardOf,
  type Equities,
  isMemberLogin,
  isValidPhone,
  MEMBER_CODES,
  type MemberCard,
  type MemberDay,
  type OrderCardFacts,
  offersMemberCards,
  orderFixedCardId,
  parseId,
  showsMemberPrices,
} from "@tablemate/core";
import { useSearchParams } from "react-router";
import { create } from "zustand";
import {
  activateCard,
  cardLogin,
  chooseMemberCard,
  fetchCardRights,
  fetchCards,
  fetchEquities,
  logout,
  type MemberPaths,
  memberPathsOf,
} from "../../api/member.js";
import {
  clearMemberLogin,
  codeOf,
  type MemberLogin,
  onMemberLoginCleared,
  readMemberLogin,
  updateMemberLogin,
} from "../../api/member-http.js";
import { fetchOrderDetail } from "../../api/order.js";
import { useAppStore } from "../../store/app-store.js";
import { memberTotal } from "../cart/member-total.js";
import { showToast } from "../loading/toast.js";
import { MEMBER_COPY } from "./member-copy.js";

/**
 * The diner's member state (issue 19; spec 001 §4): the restaurant's member system and card types,
 * the login, the cards and the current card, and in prepayment the order being added to (its paid
 * card is fixed). Loaded with the member banner and pages, never with the menu's first screen; it
 * sets the app store's memberInitialised and isMember, which the menu's prices read.
 */
export type MemberStatus = "idle" | "loading" | "ready" | "failed";

export interface MemberState {
  rid: number | null;
  /**
   * failed: the card types could not be fetched, or the register is below memberPay 2.20.00 (001 §5,
   * §9), and every member feature hides (001 §4)
   */
  status: MemberStatus;
  paths: MemberPaths | null;
  rights: CardRights | null;
  login: MemberLogin | null;
  cards: MemberCard[];
  currentCardId: number | null;
  /** prepayment: the order this diner adds to (mainOrderId), as its card rules read it */
  order: OrderCardFacts | null;
  orderId: number | null;
  /**
   * the card whose benefits the diner has (the order's fixed card, else the current one) whose
   * equities `equities` are, or are being asked; null: none asked
   */
  equitiesCardId: number | null;
  /** its balance, points, coupons (the member bar's numbers) and member day; null until they come */
  equities: Equities | null;
  memberDay: MemberDay | null;
}

const initialState = (): MemberState => ({
  rid: null,
  status: "idle",
  paths: null,
  rights: null,
  login: null,
  cards: [],
  currentCardId: null,
  order: null,
  orderId: null,
  equitiesCardId: null,
  equities: null,
  memberDay: null,
});

export const useMemberStore = create<MemberState>()(initialState);

/** A member here: a valid phone and a card (001 §6). */
export function isMember(state: MemberState): boolean {
  return state.status === "ready" && isMemberLogin(state.login?.phone ?? null, state.cards.length);
}

export function currentCard(state: MemberState): MemberCard | null {
  return state.cards.find((card) => card.id === state.currentCardId) ?? null;
}

/**
 * The cards member status reads (000 §6, 001 §4): in prepayment the card the order fixed once paid
 * (`fixed`), and that card when it is one of this diner's (a tablemate's is not); the current card of
 * a member.
 */
function statusCards(state: MemberState) {
  const fixed = useAppStore.getState().isPrepayment ? orderFixedCardId(state.order) : null;
  return {
    fixed,
    orderCard: state.cards.find((card) => card.id === fixed) ?? null,
    current: isMember(state) ? currentCard(state) : null,
  };
}

/** The app store's member flags, from this state and the restaurant's. */
function syncAppStore(state: MemberState): void {
  const app = useAppStore.getState();
  const ready = state.status === "ready";
  const { current, orderCard } = statusCards(state);
  const prices =
    ready &&
    app.restaurant !== null &&
    showsMemberPrices({
      restaurant: app.restaurant,
      prepayment: app.isPrepayment,
      currentCard: current,
      order: state.order,
      orderCard,
    });
  const memberDay = ready ? state.memberDay : null;
  if (app.memberInitialised !== ready || app.isMember !== prices || app.memberDay !== memberDay)
    useAppStore.setState({ memberInitialised: ready, isMember: prices, memberDay });
}

/** The card whose benefits the diner has: the order's fixed card (a tablemate's: none), else the current card. */
function benefitsCard(state: MemberState): MemberCard | null {
  const { fixed, orderCard, current } = statusCards(state);
  return fixed !== null ? orderCard : current;
}

/**
 * Asks the equities of the card whose benefits the diner has: the member bar's numbers, and its member
 * day (whether today is one is read on the restaurant's clock where the total is shown,
 * member-total.ts). A tablemate's card, which this diner cannot ask about, or an answer that does not
 * come, gives none (member prices shown without the day); an answer for a card no longer that card is
 * dropped.
 */
function askEquities(state: MemberState, card: MemberCard): void {
  if (state.rid === null || state.paths === null) return;
  fetchEquities(state.paths, state.rid, card.id).then(
    (equities) => {
      if (useMemberStore.getState().equitiesCardId !== card.id) return;
      const day = equities.memberDay;
      const memberDay = day && { weekdays: day.weekdays, monthDays: day.monthDays, percent: day.percent };
      useMemberStore.setState({ equities, memberDay });
    },
    (error: unknown) =>
      console.warn("card equities unknown: member prices shown without a member day", error),
  );
}

/** The equities, asked again whenever the card whose benefits the diner has changes. */
function followEquities(state: MemberState): void {
  if (state.status !== "ready") return;
  const card = benefitsCard(state);
  const cardId = card?.id ?? null;
  if (cardId === state.equitiesCardId) return;
  useMemberStore.setState({ equitiesCardId: cardId, equities: null, memberDay: null });
  if (card !== null) askEquities(state, card);
}

/**
 * The equities asked again (the balance, points or coupons may have moved: a recharge, a payment), the
 * numbers shown meanwhile kept until the answer replaces them.
 */
export function refreshEquities(): void {
  const state = useMemberStore.getState();
  const card = state.status === "ready" ? benefitsCard(state) : null;
  if (card !== null && card.id === state.equitiesCardId) askEquities(state, card);
}

useMemberStore.subscribe(syncAppStore);
useMemberStore.subscribe(followEquities);

onMemberLoginCleared((rid) => {
  if (useMemberStore.getState().rid === rid)
    useMemberStore.setState({ login: null, cards: [], currentCardId: null });
});

/** The restaurant the started app is at, and its member family; null before the store started. */
function here(): { rid: number; paths: MemberPaths } | null {
  const { hotelid, isNewCrm } = useAppStore.getState();
  return hotelid === null ? null : { rid: hotelid, paths: memberPathsOf(isNewCrm) };
}

/**
 * Makes `cardId` (or the first card, 001 §4) the current card: kept with the login and, when it
 * changed, told to the server (member-ship), which prices this diner's orders with it.
 */
async function settleCurrentCard(rid: number, cards: MemberCard[], wanted: number | null): Promise<void> {
  const card = currentCardOf(cards, wanted);
  const id = card?.id ?? null;
  useMemberStore.setState({ cards, currentCardId: id });
  const saved = readMemberLogin(rid)?.cardId ?? null;
  if (id === null || id === saved) return;
  updateMemberLogin(rid, { cardId: id });
  useMemberStore.setState({ login: readMemberLogin(rid) });
  await chooseMemberCard(rid, id).catch((error: unknown) => console.warn("member-ship not saved", error));
}

/** The cards, when the stored phone is a valid one (001 §4); 100002 says the card is not for here. */
async function loadCards(rid: number, paths: MemberPaths): Promise<void> {
  const login = readMemberLogin(rid);
  useMemberStore.setState({ login });
  if (!login || !isValidPhone(login.phone)) {
    useMemberStore.setState({ cards: [], currentCardId: null });
    return;
  }
  try {
    const cards = await fetchCards(paths, rid);
    const chosen = login.cardId ?? useAppStore.getState().user?.memberCardId ?? null;
    await settleCurrentCard(rid, cards, chosen);
  } catch (error) {
    if (codeOf(error) === MEMBER_CODES.otherRestaurant) showToast(MEMBER_COPY.cardNotHere);
    useMemberStore.setState({ cards: [], currentCardId: null, login: readMemberLogin(rid) });
  }
}

/** In prepayment, the order being added to (its pays and card); none otherwise, or when it cannot be read. */
async function loadOrder(rid: number, mainOrderId: number | null): Promise<void> {
  const orderId = useAppStore.getState().isPrepayment ? mainOrderId : null;
  if (orderId === useMemberStore.getState().orderId) return;
  if (orderId === null) {
    useMemberStore.setState({ order: null, orderId: null });
    return;
  }
  const order = await fetchOrderDetail(orderId, rid, 1).catch(() => null);
  useMemberStore.setState({ order: order && { pays: order.pays, vipId: order.vipId }, orderId });
}

let starting: Promise<void> | null = null;

async function start(rid: number, paths: MemberPaths, mainOrderId: number | null): Promise<void> {
  useMemberStore.setState({ ...initialState(), rid, paths, status: "loading" });
  // the cart's total, a member's above all, is priced by the discount pipeline, loaded with this state
  useAppStore.setState({ memberTotal });
  const { restaurant } = useAppStore.getState();
  if (restaurant !== null && !offersMemberCards(restaurant)) {
    useMemberStore.setState({ status: "failed" });
    return;
  }
  try {
    const rights = await fetchCardRights(paths, rid);
    useMemberStore.setState({ rights });
  } catch (error) {
    console.warn("member card types unavailable: member features hidden", error);
    useMemberStore.setState({ status: "failed" });
    return;
  }
  await Promise.all([loadCards(rid, paths), loadOrder(rid, mainOrderId)]);
  useMemberStore.setState({ status: "ready" });
}

/**
 * Member initialisation, once per restaurant (a second caller joins the first); after it, only the
 * prepayment order is looked at again: `mainOrderId`, the order the page adds to (its query's).
 */
export function ensureMember(mainOrderId: number | null = null): Promise<void> {
  const at = here();
  if (!at) return Promise.resolve();
  const state = useMemberStore.getState();
  if (state.rid === at.rid && state.status !== "idle") {
    if (starting) return starting;
    return state.status === "ready" ? loadOrder(at.rid, mainOrderId) : Promise.resolve();
  }
  starting = start(at.rid, at.paths, mainOrderId).finally(() => {
    starting = null;
  });
  return starting;
}

/** Logs in with the SMS code; the answer's cards are the member's cards here. Rejects with the ApiError. */
export async function loginMember(phone: string, code: string): Promise<void> {
  const { rid, paths } = useMemberStore.getState();
  if (rid === null || paths === null) return;
  const answer = await cardLogin(paths, rid, phone, code);
  useMemberStore.setState({ login: readMemberLogin(rid) });
  await settleCurrentCard(rid, answer.cards, useAppStore.getState().user?.memberCardId ?? null);
}

/** Opens a card (the restaurant's default type) by the logged-in phone; the first card becomes the current one. */
export async function activateMemberCard(): Promise<void> {
  const { rid, paths, rights } = useMemberStore.getState();
  if (rid === null || paths === null) return;
  const cardType = rights?.cardTypes.find((type) => type.isDefault)?.cardType;
  await activateCard(paths, rid, cardType);
  await loadCards(rid, paths);
}

/**
 * The multi-card switch: another of the member's cards becomes the current one once the server took
 * it (member-ship; it refuses once a paid order fixed the visit's card). Rejects with its ApiError.
 */
export async function switchCard(cardId: number): Promise<void> {
  const { rid } = useMemberStore.getState();
  if (rid === null) return;
  await chooseMemberCard(rid, cardId);
  updateMemberLogin(rid, { cardId });
  useMemberStore.setState({ currentCardId: cardId, login: readMemberLogin(rid) });
}

/**
 * 退出登录: the server revokes the token (members/logout), then the phone, token and card go here. A
 * logout the server did not hear (offline) still forgets the login on this phone.
 */
export async function logoutMember(): Promise<void> {
  const { rid, paths } = useMemberStore.getState();
  if (rid === null) return;
  if (paths !== null) await logout(paths, rid).catch(() => undefined);
  clearMemberLogin(rid);
}

/** Back to nothing loaded (tests; the next ensureMember starts again). */
export function resetMemberStore(): void {
  starting = null;
  useMemberStore.setState(initialState());
}

/**
 * The order this page adds to (spec 000 §4: mainOrderId in its query, or the stored SearchObj's), whose
 * paid card the prepayment member rules read.
 */
export function useMainOrderId(): number | null {
  const [params] = useSearchParams();
  const stored = useAppStore((state) => state.SearchObj.mainOrderId);
  return parseId(params.get("mainOrderId") ?? stored);
}
