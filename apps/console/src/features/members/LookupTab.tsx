import {
  CARD_STATUS,
  type ConsoleCard,
  type ConsoleMember,
  type LedgerEntryView,
  roleCan,
} from "@tablemate/core";
import { App, Button, Card, Empty, Input, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { membersApi } from "../../api/members.js";
import { MEMBERS_COPY as C } from "../../copy/index.js";
import { useReason } from "../floor/use-approval.js";
import { useWorkplace } from "../session/session-store.js";
import { failure, shortTime, useLoad } from "../staff/use-load.js";
import { useAdjust } from "./use-adjust.js";

const LEDGER_PAGE = 10;

/** a signed change in yuan: +¥5.00, -¥20.50 */
const signedYuan = (yuan: string) => (yuan.startsWith("-") ? `-¥${yuan.slice(1)}` : `+¥${yuan}`);
const signedPoints = (n: number) => (n > 0 ? `+${n}` : String(n));

/** who an entry names: a staff member's or key's name, or what a payment, a diner, the system is */
function who(entry: LedgerEntryView): string {
  return entry.actorName ?? C.actors[entry.actor.split(":")[0] ?? ""] ?? entry.actor;
}

function CardStatusTag({ status }: { status: number }) {
  return (
    <Tag color={status === CARD_STATUS.frozen ? "red" : "green"} data-testid="card-status">
      {C.cardStatus[status] ?? String(status)}
    </Tag>
  );
}

/** A card's money: principal, gift, what orders hold, what can be spent, points. */
function Balances({ card }: { card: ConsoleCard }) {
  const items: Array<[string, string, string]> = [
    [C.principal, `¥${card.principal}`, "principal"],
    [C.gift, `¥${card.gift}`, "gift"],
    [C.held, `¥${card.held}`, "held"],
    [C.spendable, `¥${card.spendable}`, "spendable"],
    [C.points, `${card.points}${card.heldPoints > 0 ? C.heldPoints(card.heldPoints) : ""}`, "points"],
  ];
  return (
    <div className="members-balances">
      {items.map(([label, value, key]) => (
        <div key={key} className="members-balance">
          <Typography.Text type="secondary">{label}</Typography.Text>
          <span className="members-balance-value" data-testid={`balance-${key}`}>
            {value}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The card's ledger, newest first, a page at a time from the server. */
function Ledger({ rid, card }: { rid: number; card: ConsoleCard }) {
  const [page, setPage] = useState(1);
  const { data, loading } = useLoad(
    () => membersApi.ledger(rid, card.id, page, LEDGER_PAGE),
    `${card.id}:${card.version}:${page}`,
  );
  const columns = [
    { title: C.columns.at, dataIndex: "at", width: 132, render: shortTime },
    {
      title: C.columns.kind,
      dataIndex: "kind",
      width: 96,
      render: (kind: LedgerEntryView["kind"]) => <Tag>{C.kinds[kind]}</Tag>,
    },
    {
      title: C.columns.change,
      key: "change",
      render: (_: unknown, e: LedgerEntryView) => {
        const lines = [
          e.principal !== "0.00" && `${C.principal} ${signedYuan(e.principal)}`,
          e.gift !== "0.00" && `${C.gift} ${signedYuan(e.gift)}`,
          e.points !== 0 && `${C.points} ${signedPoints(e.points)}`,
        ].filter((l): l is string => typeof l === "string");
        return lines.length ? lines.map((l) => <div key={l}>{l}</div>) : C.none;
      },
    },
    {
      title: C.columns.after,
      key: "after",
      render: (_: unknown, e: LedgerEntryView) => (
        <div className="members-after">
          <div>{C.moneyLine(C.principal, e.principalAfter)}</div>
          <div>{C.moneyLine(C.gift, e.giftAfter)}</div>
          <div>{C.pointsLine(e.pointsAfter)}</div>
          {e.heldAfter !== "0.00" && <div>{C.moneyLine(C.held, e.heldAfter)}</div>}
        </div>
      ),
    },
    {
      title: C.columns.who,
      key: "who",
      width: 120,
      render: (_: unknown, e: LedgerEntryView) => (
        <div>
          <div>{who(e)}</div>
          {e.approver && (
            <Typography.Text type="secondary">{C.approvedBy(e.approverName ?? e.approver)}</Typography.Text>
          )}
        </div>
      ),
    },
    { title: C.columns.reason, dataIndex: "reason", render: (r: string | null) => r ?? C.none },
  ];
  return (
    <Table<LedgerEntryView>
      data-testid="ledger"
      size="small"
      rowKey="seq"
      loading={loading}
      dataSource={data?.entries ?? []}
      columns={columns}
      locale={{ emptyText: C.ledgerEmpty }}
      pagination={{
        current: page,
        pageSize: LEDGER_PAGE,
        total: data?.total ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
    />
  );
}

/** The chosen card: its number, type, status and money, 调整余额 and 冻结 / 解冻 as the role allows, its ledger. */
function CardPanel({
  rid,
  card,
  changed,
}: {
  rid: number;
  card: ConsoleCard;
  changed(card: ConsoleCard): void;
}) {
  const { role } = useWorkplace();
  const { message } = App.useApp();
  const reason = useReason();
  const reload = () =>
    membersApi
      .card(rid, card.id)
      .then(changed)
      .catch((error: unknown) => void message.error(failure(error)));
  const adjust = useAdjust(rid, () => void reload());
  const frozen = card.status === CARD_STATUS.frozen;

  const toggleFreeze = async () => {
    const why = await reason.ask(frozen ? C.unfreezeTitle(card.cardNum) : C.freezeTitle(card.cardNum));
    if (why === null) return;
    try {
      changed(
        await membersApi.setStatus(rid, card.id, {
          status: frozen ? CARD_STATUS.normal : CARD_STATUS.frozen,
          reason: why,
        }),
      );
      void message.success(frozen ? C.unfrozenDone : C.frozenDone);
    } catch (error) {
      void message.error(failure(error));
    }
  };

  return (
    <Card
      className="members-card-panel"
      data-testid="card-panel"
      title={
        <Space size={8} wrap>
          <span>{card.cardTypeName}</span>
          <Typography.Text type="secondary" className="members-card-num">
            {C.cardNum} {card.cardNum}
          </Typography.Text>
          <CardStatusTag status={card.status} />
          {card.isVipPrice && <Tag color="gold">{C.vipPrice}</Tag>}
        </Space>
      }
      extra={
        <Space>
          {roleCan(role, "members.adjust") && (
            <Button type="primary" onClick={() => adjust.start(card)} data-testid="adjust">
              {C.adjust}
            </Button>
          )}
          {roleCan(role, "members.freeze") && (
            <Button danger={!frozen} onClick={() => void toggleFreeze()} data-testid="freeze">
              {frozen ? C.unfreeze : C.freeze}
            </Button>
          )}
        </Space>
      }
    >
      {frozen && (
        <Typography.Paragraph type="danger" className="members-frozen-hint">
          {C.frozenHint}
        </Typography.Paragraph>
      )}
      <Balances card={card} />
      <Typography.Title level={5} className="members-ledger-title">
        {C.ledger}
      </Typography.Title>
      <Ledger rid={rid} card={card} />
      {adjust.dialog}
      {reason.dialog}
    </Card>
  );
}

/** One member found: name, phone, their cards here (tap one to open it). */
function MemberCard({
  member,
  chosen,
  choose,
}: {
  member: ConsoleMember;
  chosen: number | null;
  choose(card: ConsoleCard): void;
}) {
  return (
    <Card size="small" className="members-found" data-testid={`member-${member.id}`}>
      <Space size={12} wrap className="members-found-head">
        <Typography.Text strong>{member.name || C.unnamed}</Typography.Text>
        <Typography.Text>{member.phone}</Typography.Text>
        {C.sex[member.sex] && <Typography.Text type="secondary">{C.sex[member.sex]}</Typography.Text>}
        <Typography.Text type="secondary">{C.memberCards(member.cards.length)}</Typography.Text>
      </Space>
      <div className="members-found-cards">
        {member.cards.map((card) => (
          <Button
            key={card.id}
            type={card.id === chosen ? "primary" : "default"}
            ghost={card.id === chosen}
            onClick={() => choose(card)}
            data-testid={`choose-card-${card.id}`}
          >
            {card.cardTypeName} · {card.cardNum}
            {card.status === CARD_STATUS.frozen && ` · ${C.cardStatus[CARD_STATUS.frozen]}`}
          </Button>
        ))}
      </div>
    </Card>
  );
}

/** 会员查询: a phone or card number, the members it names with their cards here, the chosen card. */
export default function LookupTab() {
  const { restaurantId } = useWorkplace();
  const { message } = App.useApp();
  const [found, setFound] = useState<ConsoleMember[] | null>(null);
  const [card, setCard] = useState<ConsoleCard | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async (text: string) => {
    if (text.trim() === "") return;
    setSearching(true);
    try {
      const members = await membersApi.lookup(restaurantId, text.trim());
      setFound(members);
      const cards = members.flatMap((m) => m.cards);
      setCard(cards.length === 1 ? (cards[0] ?? null) : null);
    } catch (error) {
      void message.error(failure(error));
    } finally {
      setSearching(false);
    }
  };

  /** a card changed (adjusted, frozen): shown at once, in the list too */
  const changed = (next: ConsoleCard) => {
    setCard(next);
    setFound(
      (members) =>
        members?.map((m) => ({ ...m, cards: m.cards.map((c) => (c.id === next.id ? next : c)) })) ?? null,
    );
  };

  return (
    <div className="members-lookup" data-testid="members-lookup">
      <Input.Search
        className="members-search"
        placeholder={C.searchPlaceholder}
        enterButton={C.search}
        allowClear
        inputMode="numeric"
        loading={searching}
        onSearch={(text) => void search(text)}
        data-testid="member-search"
      />
      {found === null && <Typography.Paragraph type="secondary">{C.searchHint}</Typography.Paragraph>}
      {found?.length === 0 && (
        <div data-testid="member-not-found">
          <Empty description={C.notFound} />
        </div>
      )}
      {found?.map((member) => (
        <MemberCard key={member.id} member={member} chosen={card?.id ?? null} choose={setCard} />
      ))}
      {card && <CardPanel key={card.id} rid={restaurantId} card={card} changed={changed} />}
    </div>
  );
}
