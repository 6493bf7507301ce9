import {
  allergenConflicts,
  allergenWords,
  allergyLine,
  type Bill,
  orderNumber,
  type TicketPrint,
} from "@tablemate/core";
import { Alert, Button, Form, Input, Radio, Result, Space, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { billOf, reprintTicket, ticketToPrint } from "../../api/kitchen.js";
import { PRINT_COPY } from "../../copy/index.js";
import { LabelledItem } from "../forms/LabelledItem.js";
import { shortTime } from "../session/restaurant-time.js";
import { useWorkplace } from "../session/session-store.js";
import { BrowserJob } from "./BrowserJob.js";
import { PrintersPanel } from "./PrintersPanel.js";
import "./print.css";

type Paper = "58" | "80";

const time = shortTime;

function TicketSheet({ print, paper }: { print: TicketPrint; paper: Paper }) {
  const { ticket } = print;
  const cancel = ticket.kind === "cancel";
  return (
    <div className={`print-sheet paper-${paper}`} data-testid="print-sheet">
      <div className="print-title">
        {ticket.stationName} · {cancel ? PRINT_COPY.cancelled : PRINT_COPY.ticket}
      </div>
      {print.reprint && (
        <div className="print-reprint" data-testid="reprint-label">
          {PRINT_COPY.reprintLabel} · {PRINT_COPY.reprintCount(print.reprintCount)}
        </div>
      )}
      <div className="print-row print-big">
        <span>{ticket.fastSerialNo || ticket.tableName}</span>
        <span>{orderNumber(ticket.orderId)}</span>
      </div>
      <div className="print-row">
        <span>
          {PRINT_COPY.ticketNumber} {ticket.number}
          {ticket.mainOrderId !== null && ` · ${PRINT_COPY.addOn}`}
        </span>
        {ticket.personNum > 0 && <span>{PRINT_COPY.personCount(ticket.personNum)}</span>}
      </div>
      <div>
        {PRINT_COPY.time} {time(ticket.createdAt)}
      </div>
      {ticket.allergies.length > 0 && (
        <div className="print-allergy" data-testid="print-allergy">
          {allergyLine(ticket.allergies)}
        </div>
      )}
      <div className="print-rule" />
      {ticket.items.map((item) => (
        <div key={item.id}>
          <div className={`print-dish ${cancel ? "print-dish-cancel" : ""}`}>
            <span>{item.name}</span>
            <span>×{item.count}</span>
          </div>
          {allergenConflicts(item.allergens, ticket.allergies).length > 0 && (
            <div className="print-sub print-allergy-line">
              ⚠ {PRINT_COPY.contains(allergenWords(allergenConflicts(item.allergens, ticket.allergies)))}
            </div>
          )}
          {[item.normName, ...item.methodNames, ...item.additions.map((a) => `${a.name}×${a.count}`)]
            .filter(Boolean)
            .map((text) => (
              <div key={text} className="print-sub">
                {text}
              </div>
            ))}
          {item.parts.map((p) => (
            <div key={p.name} className="print-sub">
              {p.name}×{p.count}
            </div>
          ))}
          {item.memo && <div className="print-sub print-memo">{item.memo}</div>}
        </div>
      ))}
      {ticket.wholeMemo && (
        <>
          <div className="print-rule" />
          <div className="print-memo">
            {PRINT_COPY.memo}
            {PRINT_COPY.colon}
            {ticket.wholeMemo}
          </div>
        </>
      )}
      <div className="print-rule" />
      <div>
        {PRINT_COPY.printedAt} {time(print.printedAt)}
      </div>
    </div>
  );
}

function BillSheet({ bill, paper }: { bill: Bill; paper: Paper }) {
  return (
    <div className={`print-sheet paper-${paper}`} data-testid="print-sheet">
      <div className="print-title">{bill.restaurantName}</div>
      <div className="print-center">{PRINT_COPY.bill}</div>
      <div className="print-row print-big">
        <span>{bill.tableName}</span>
        {bill.personNum > 0 && <span>{PRINT_COPY.personCount(bill.personNum)}</span>}
      </div>
      <div>
        {PRINT_COPY.order} {bill.orderIds.map(orderNumber).join(PRINT_COPY.listSeparator)}
      </div>
      <div>
        {PRINT_COPY.time} {time(bill.orderedAt)}
      </div>
      <div className="print-rule" />
      {bill.lines.map((line, i) => (
        // lines repeat (one dish ordered twice): their place is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: a bill's lines never reorder
        <div key={i} className="print-bill-line">
          <div className="print-row">
            <span>
              {line.name}
              {line.normName && `(${line.normName})`}
            </span>
          </div>
          <div className="print-row print-sub">
            <span>
              {line.count}
              {line.unit} × {line.unitPrice}
            </span>
            <span>{line.total}</span>
          </div>
        </div>
      ))}
      {Number(bill.deliveryFee) > 0 && (
        <div className="print-row" data-testid="bill-delivery-fee">
          <span>{PRINT_COPY.deliveryFee}</span>
          <span>{bill.deliveryFee}</span>
        </div>
      )}
      <div className="print-rule" />
      <div className="print-row print-big">
        <span>{PRINT_COPY.total}</span>
        <span data-testid="bill-total">¥{bill.total}</span>
      </div>
      <div className="print-rule" />
      <div>
        {PRINT_COPY.printedAt} {time(bill.printedAt)}
      </div>
      <div className="print-center">{PRINT_COPY.thanks}</div>
    </div>
  );
}

/**
 * /console/print: a kitchen ticket (/print/ticket/<id>, with ?reprint=1 a labelled reprint) or a
 * customer's bill (/print/bill/<order id>), or a browser printer's job (/print/job/<id>) as a receipt for 58 or 80 mm paper, printed through the
 * browser (the fallback when no printer prints it). Without a path: the printers, the print queue and
 * the virtual printers' paper (issue 27), then a form to open a page. Printing never sends anything to
 * the kitchen.
 */
export default function PrintPage() {
  const { restaurantId } = useWorkplace();
  const [kind, id] = (useParams()["*"] ?? "").split("/");
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const paper: Paper = search.get("paper") === "58" ? "58" : "80";
  const reprint = search.get("reprint") === "1";
  const [ticket, setTicket] = useState<TicketPrint | null>(null);
  const [bill, setBill] = useState<Bill | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // a reprint is asked once per opening (StrictMode's second effect run keeps the ref)
  const asked = useRef<string | null>(null);

  useEffect(() => {
    const number = Number(id);
    if (!Number.isInteger(number) || number <= 0) return;
    const key = `${kind}/${number}/${reprint}`;
    if (asked.current === key) return;
    asked.current = key;
    setFailed(null);
    if (kind === "ticket") {
      (reprint ? reprintTicket(restaurantId, number) : ticketToPrint(restaurantId, number)).then(
        setTicket,
        (e: Error) => setFailed(e.message),
      );
    } else if (kind === "bill") {
      billOf(restaurantId, number).then(setBill, (e: Error) => setFailed(e.message));
    }
  }, [kind, id, reprint, restaurantId]);

  const setPaper = (value: Paper) => {
    const next = new URLSearchParams(search);
    next.set("paper", value);
    setSearch(next, { replace: true });
  };

  if (kind === "job") return <BrowserJob jobId={Number(id)} />;
  if (kind !== "ticket" && kind !== "bill")
    return (
      <>
        <PrintersPanel restaurantId={restaurantId} />
        <PrintForm onOpen={(path) => navigate(`/print/${path}`)} />
      </>
    );
  if (failed) return <Result status="error" title={PRINT_COPY.loadFailed} subTitle={failed} />;
  const sheet =
    kind === "ticket"
      ? ticket && <TicketSheet print={ticket} paper={paper} />
      : bill && <BillSheet bill={bill} paper={paper} />;
  return (
    <div data-testid="print-page">
      <div className="print-controls">
        <Radio.Group
          value={paper}
          onChange={(e) => setPaper(e.target.value)}
          optionType="button"
          options={[
            { value: "58", label: PRINT_COPY.paper58 },
            { value: "80", label: PRINT_COPY.paper80 },
          ]}
        />
        <Button
          type="primary"
          size="large"
          onClick={() => window.print()}
          disabled={!sheet}
          data-testid="print-now"
        >
          {PRINT_COPY.print}
        </Button>
        {kind === "ticket" && !reprint && (
          <Button size="large" onClick={() => navigate(`/print/ticket/${id}?paper=${paper}&reprint=1`)}>
            {PRINT_COPY.reprint}
          </Button>
        )}
      </div>
      <Alert
        className="print-hint"
        type="info"
        showIcon
        message={PRINT_COPY.hint}
        style={{ marginBottom: 12 }}
      />
      <style>{`@page { size: ${paper}mm auto; margin: 0; }`}</style>
      <div className="print-stage">{sheet ?? <Spin />}</div>
    </div>
  );
}

function PrintForm({ onOpen }: { onOpen(path: string): void }) {
  const [ticketNo, setTicketNo] = useState("");
  const [orderNo, setOrderNo] = useState("");
  return (
    <div data-testid="print-form" style={{ marginTop: 24 }}>
      <Typography.Title level={4}>{PRINT_COPY.browserTitle}</Typography.Title>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <LabelledItem label={PRINT_COPY.ticketNumber}>
          <Input value={ticketNo} onChange={(e) => setTicketNo(e.target.value.replace(/\D/g, ""))} />
        </LabelledItem>
        <Space>
          <Button disabled={!ticketNo} onClick={() => onOpen(`ticket/${ticketNo}?reprint=1`)}>
            {PRINT_COPY.reprint}
          </Button>
        </Space>
      </Form>
      <Form layout="inline">
        <LabelledItem label={PRINT_COPY.orderNumber}>
          <Input value={orderNo} onChange={(e) => setOrderNo(e.target.value.replace(/\D/g, ""))} />
        </LabelledItem>
        <Button type="primary" disabled={!orderNo} onClick={() => onOpen(`bill/${orderNo}`)}>
          {PRINT_COPY.bill}
        </Button>
      </Form>
    </div>
  );
}
