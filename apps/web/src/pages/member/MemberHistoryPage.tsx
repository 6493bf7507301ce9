import { ApiError } from "@tablemate/client";
import { type CardHistory, type CardHistoryPage, formatBalance, type MemberCard } from "@tablemate/core";
import { useCallback, useEffect, useState } from "react";
import { fetchCardHistory } from "../../api/member.js";
import { MEMBER_COPY } from "../../features/member/member-copy.js";
import { useMemberStore } from "../../features/member/member-store.js";
import { CardPage, LoadFailed } from "./member-page-parts.js";

/** lines a page asks for */
export const HISTORY_LIMIT = 20;

type Line = CardHistoryPage["list"][number];

/** A history's words: its title, its entries' kinds, a change and what was left, as that history counts. */
const WORDS = {
  balance: {
    title: () => MEMBER_COPY.balanceHistoryTitle,
    kinds: () => MEMBER_COPY.balanceKinds,
    change: (cents: number) => `${cents > 0 ? "+" : "-"}¥${formatBalance(Math.abs(cents))}`,
    after: (cents: number) => MEMBER_COPY.balanceAfter(formatBalance(cents)),
  },
  points: {
    title: () => MEMBER_COPY.pointsHistoryTitle,
    kinds: () => MEMBER_COPY.pointsKinds,
    change: (points: number) => `${points > 0 ? "+" : "-"}${Math.abs(points)}`,
    after: (points: number) => MEMBER_COPY.pointsAfter(points),
  },
} as const;

function HistoryLine({ history, line }: { history: CardHistory; line: Line }) {
  const words = WORDS[history];
  return (
    <li className="history-line" data-testid="history-line">
      <span className="history-line__what">{words.kinds()[line.kind] ?? MEMBER_COPY.historyOther}</span>
      <span
        className={line.change > 0 ? "history-line__change history-line__change--in" : "history-line__change"}
      >
        {words.change(line.change)}
      </span>
      <span className="history-line__time">{line.time}</span>
      <span className="history-line__after">{words.after(line.after)}</span>
    </li>
  );
}

/** The card's history, newest first: a page at a time, 加载更多 asking the next. */
function HistoryList({ card, history }: { card: MemberCard; history: CardHistory }) {
  const { rid, paths } = useMemberStore();
  const [pages, setPages] = useState<CardHistoryPage[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(
    (page: number) => {
      if (rid === null || paths === null) return;
      setLoading(true);
      setFailed(null);
      fetchCardHistory(paths, rid, history, { cardId: card.id, page, limit: HISTORY_LIMIT })
        .then((answer) => setPages((before) => [...before.slice(0, page - 1), answer]))
        .catch((error: unknown) =>
          setFailed(error instanceof ApiError && error.kind === "envelope" ? error.message : ""),
        )
        .finally(() => setLoading(false));
    },
    [rid, paths, history, card.id],
  );
  useEffect(() => load(1), [load]);

  const lines = pages.flatMap((page) => page.list);
  const total = pages.at(-1)?.total ?? 0;
  const next = pages.length + 1;
  if (failed !== null && pages.length === 0) return <LoadFailed message={failed} retry={() => load(next)} />;
  if (pages.length === 0) return null;
  if (lines.length === 0)
    return (
      <p className="member-empty" data-testid="history-empty">
        {MEMBER_COPY.historyEmpty}
      </p>
    );
  return (
    <>
      <ul className="order-card history" data-testid="history">
        {lines.map((line) => (
          <HistoryLine key={line.seq} history={history} line={line} />
        ))}
      </ul>
      {failed !== null ? (
        <LoadFailed message={failed} retry={() => load(next)} />
      ) : lines.length < total ? (
        <button
          type="button"
          className="member-more-link"
          data-testid="history-more"
          disabled={loading}
          onClick={() => load(next)}
        >
          {MEMBER_COPY.historyMore}
        </button>
      ) : (
        <p className="history-end">{MEMBER_COPY.historyEnd}</p>
      )}
    </>
  );
}

/** /member/balanceHistory and /member/integralHistory (issue 25): the current card's balance or points history. */
export function MemberHistoryPage({ history }: { history: CardHistory }) {
  return (
    <CardPage title={WORDS[history].title()} testId={`member-${history}-history-page`}>
      {(card) => <HistoryList key={card.id} card={card} history={history} />}
    </CardPage>
  );
}

export const MemberBalanceHistoryPage = () => <MemberHistoryPage history="balance" />;
export const MemberPointsHistoryPage = () => <MemberHistoryPage history="points" />;
