import {
  PRINTER_KINDS,
  type Printer,
  type PrinterBody,
  type PrinterKind,
  type PrintJob,
  type Station,
} from "@tablemate/core";
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { listStations } from "../../api/kitchen.js";
import {
  deletePrinter,
  listPrinters,
  listPrintJobs,
  printerPaper,
  printTestPage,
  reprintPrintJob,
  retryPrintJob,
  routeStation,
  savePrinter,
} from "../../api/print.js";
import { PRINTERS_COPY as C, COMMON_COPY } from "../../copy/index.js";
import { LabelledItem } from "../forms/LabelledItem.js";

/** How often the page reads the printers, the queue and the virtual printers' paper. */
const POLL_MS = 2000;

const STATE_COLOUR = {
  unknown: "default",
  online: "green",
  offline: "red",
  paperOut: "orange",
  coverOpen: "orange",
} as const;
const JOB_COLOUR = {
  queued: "blue",
  sent: "cyan",
  printed: "green",
  failed: "red",
  unknown: "orange",
} as const;

interface Draft {
  id: number | null;
  kind: PrinterKind;
  values: Record<string, unknown>;
  hasSecret: boolean;
}

/** The form's values as the call's body: each kind's own fields, a blank secret left out (kept). */
function bodyOf(draft: Draft): PrinterBody {
  const v = draft.values;
  const common = {
    name: String(v.name ?? ""),
    paper: (v.paper === 58 ? 58 : 80) as 58 | 80,
    backupPrinterId: (v.backupPrinterId as number | undefined) ?? null,
    counter: Boolean(v.counter),
  };
  const secret = (key: string) => (v[key] ? { [key]: String(v[key]) } : {});
  switch (draft.kind) {
    case "lan":
      return { ...common, kind: "lan", host: String(v.host ?? ""), port: Number(v.port ?? 9100) };
    case "feieyun":
      return {
        ...common,
        kind: "feieyun",
        user: String(v.user ?? ""),
        sn: String(v.sn ?? ""),
        ...secret("ukey"),
      };
    case "yilianyun":
      return {
        ...common,
        kind: "yilianyun",
        clientId: String(v.clientId ?? ""),
        machineCode: String(v.machineCode ?? ""),
        ...secret("clientSecret"),
      };
    default:
      return { ...common, kind: "browser" };
  }
}

const FIELDS: Record<
  PrinterKind,
  Array<{ key: string; label: string; secret?: boolean; number?: boolean }>
> = {
  lan: [
    { key: "host", label: C.host },
    { key: "port", label: C.port, number: true },
  ],
  feieyun: [
    { key: "user", label: C.user },
    { key: "ukey", label: C.ukey, secret: true },
    { key: "sn", label: C.sn },
  ],
  yilianyun: [
    { key: "clientId", label: C.clientId },
    { key: "clientSecret", label: C.clientSecret, secret: true },
    { key: "machineCode", label: C.machineCode },
  ],
  browser: [],
};

function PrinterEditor({
  draft,
  printers,
  onChange,
  onSave,
  onClose,
  saving,
}: {
  draft: Draft;
  printers: Printer[];
  onChange(draft: Draft): void;
  onSave(): void;
  onClose(): void;
  saving: boolean;
}) {
  const set = (key: string, value: unknown) =>
    onChange({ ...draft, values: { ...draft.values, [key]: value } });
  return (
    <Modal
      open
      title={draft.id === null ? C.add : C.edit}
      onOk={onSave}
      onCancel={onClose}
      confirmLoading={saving}
      okText={C.save}
      cancelText={C.cancel}
    >
      <Form layout="vertical">
        <LabelledItem label={C.name}>
          <Input
            value={String(draft.values.name ?? "")}
            maxLength={20}
            onChange={(e) => set("name", e.target.value)}
            data-testid="printer-name"
          />
        </LabelledItem>
        <LabelledItem label={C.kind}>
          <Select
            value={draft.kind}
            onChange={(kind: PrinterKind) => onChange({ ...draft, kind })}
            options={PRINTER_KINDS.map((k) => ({ value: k, label: C.kinds[k] }))}
          />
        </LabelledItem>
        {FIELDS[draft.kind].map((f) => (
          <LabelledItem key={f.key} label={f.label}>
            {f.number ? (
              <InputNumber
                min={1}
                max={65535}
                value={Number(draft.values[f.key] ?? 9100)}
                onChange={(v) => set(f.key, v)}
              />
            ) : f.secret ? (
              <Input.Password
                value={String(draft.values[f.key] ?? "")}
                placeholder={draft.hasSecret ? C.secretKept : ""}
                onChange={(e) => set(f.key, e.target.value)}
                autoComplete="new-password"
              />
            ) : (
              <Input value={String(draft.values[f.key] ?? "")} onChange={(e) => set(f.key, e.target.value)} />
            )}
          </LabelledItem>
        ))}
        <LabelledItem label={C.paper}>
          <Select
            value={draft.values.paper === 58 ? 58 : 80}
            onChange={(v) => set("paper", v)}
            options={[
              { value: 58, label: "58 mm" },
              { value: 80, label: "80 mm" },
            ]}
          />
        </LabelledItem>
        <LabelledItem label={C.backup}>
          <Select
            allowClear
            placeholder={C.none}
            value={(draft.values.backupPrinterId as number | undefined) ?? undefined}
            onChange={(v) => set("backupPrinterId", v ?? null)}
            options={printers.filter((p) => p.id !== draft.id).map((p) => ({ value: p.id, label: p.name }))}
          />
        </LabelledItem>
        <Checkbox checked={Boolean(draft.values.counter)} onChange={(e) => set("counter", e.target.checked)}>
          {C.counter}
        </Checkbox>
      </Form>
    </Modal>
  );
}

/** The paper a virtual printer printed: its latest pages as strips of thermal paper. */
function PaperStrip({ pages }: { pages: { text: string; at: number }[] }) {
  return (
    <div className="paper-strips">
      {pages.slice(0, 6).map((p) => (
        <pre key={`${p.at}-${p.text.length}`} className="paper-strip" data-testid="paper-strip">
          {p.text}
        </pre>
      ))}
    </div>
  );
}

/**
 * The 打印 page's printers and queue (issue 27): each printer's state, live; its test page; where
 * each station prints; the queue with each job's state, retry and reprint; the virtual printers' paper.
 */
export function PrintersPanel({ restaurantId }: { restaurantId: number }) {
  const { message } = App.useApp();
  const [printers, setPrinters] = useState<Printer[]>([]);
  const [jobs, setJobs] = useState<PrintJob[]>([]);
  const [stations, setStations] = useState<Station[]>([]);
  const [paper, setPaper] = useState<Record<number, { text: string; at: number }[]>>({});
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const fail = useCallback(
    (error: unknown) => message.error(error instanceof Error ? error.message : String(error)),
    [message],
  );

  const load = useCallback(async () => {
    const [list, queue] = await Promise.all([listPrinters(restaurantId), listPrintJobs(restaurantId)]);
    setPrinters(list);
    setJobs(queue);
    const lan = list.filter((p) => p.kind === "lan");
    const strips = await Promise.all(lan.map((p) => printerPaper(restaurantId, p.id).catch(() => [])));
    setPaper(Object.fromEntries(lan.map((p, i) => [p.id, strips[i] ?? []])));
  }, [restaurantId]);

  useEffect(() => {
    listStations(restaurantId).then(setStations, () => {});
    let live = true;
    const tick = () => live && load().catch(() => {});
    tick();
    const timer = setInterval(tick, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [load, restaurantId]);

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) message.success(done);
      await load();
    } catch (error) {
      fail(error);
    }
  };

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    await act(async () => {
      await savePrinter(restaurantId, draft.id, bodyOf(draft));
      setDraft(null);
    }, C.saved);
    setSaving(false);
  };

  const edit = (p: Printer) =>
    setDraft({
      id: p.id,
      kind: p.kind,
      hasSecret: p.hasSecret,
      values: {
        name: p.name,
        paper: p.paper,
        backupPrinterId: p.backupPrinterId,
        counter: p.counter,
        ...p.settings,
      },
    });
  const nameOf = (id: number | null) => printers.find((p) => p.id === id)?.name ?? C.none;
  const kindOf = (id: number) => printers.find((p) => p.id === id)?.kind;
  const navigate = useNavigate();

  return (
    <div data-testid="printers-panel">
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {C.printers}
        </Typography.Title>
        <Button
          type="primary"
          onClick={() =>
            setDraft({ id: null, kind: "lan", hasSecret: false, values: { port: 9100, paper: 80 } })
          }
        >
          {C.add}
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={printers}
        scroll={{ x: true }}
        columns={[
          { title: C.name, dataIndex: "name" },
          { title: C.kind, render: (_, p: Printer) => C.kinds[p.kind] },
          {
            title: C.state,
            render: (_, p: Printer) => (
              <Tag color={STATE_COLOUR[p.state]} data-testid={`printer-state-${p.id}`}>
                {C.states[p.state]}
              </Tag>
            ),
          },
          { title: C.backup, render: (_, p: Printer) => nameOf(p.backupPrinterId) },
          {
            title: C.stations,
            render: (_, p: Printer) =>
              stations
                .filter((s) => p.stationIds.includes(s.id))
                .map((s) => s.name)
                .join(COMMON_COPY.listSeparator),
          },
          {
            title: "",
            render: (_, p: Printer) => (
              <Space size="small">
                <Button
                  size="small"
                  onClick={() => act(() => printTestPage(restaurantId, p.id), C.testQueued)}
                >
                  {C.testPage}
                </Button>
                <Button size="small" onClick={() => edit(p)}>
                  {C.edit}
                </Button>
                <Popconfirm
                  title={C.removeConfirm}
                  onConfirm={() => act(() => deletePrinter(restaurantId, p.id))}
                >
                  <Button size="small" danger>
                    {C.remove}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {C.stationRoute}
      </Typography.Title>
      <Space wrap>
        {stations.map((s) => (
          <Space key={s.id}>
            <span>{s.name}</span>
            <Select
              style={{ width: 160 }}
              aria-label={s.name}
              allowClear
              placeholder={C.none}
              value={printers.find((p) => p.stationIds.includes(s.id))?.id}
              onChange={(v) => act(() => routeStation(restaurantId, s.id, v ?? null), C.saved)}
              options={printers.map((p) => ({ value: p.id, label: p.name }))}
            />
          </Space>
        ))}
      </Space>
      {printers.some((p) => paper[p.id]?.length) && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {C.paperStrip}
          </Typography.Title>
          <div className="paper-printers">
            {printers
              .filter((p) => paper[p.id]?.length)
              .map((p) => (
                <div key={p.id} className="paper-printer">
                  <div className="paper-printer-name">
                    {p.name} <Tag color={STATE_COLOUR[p.state]}>{C.states[p.state]}</Tag>
                  </div>
                  <PaperStrip pages={paper[p.id] ?? []} />
                </div>
              ))}
          </div>
        </>
      )}
      <Typography.Title level={4} style={{ marginTop: 16 }}>
        {C.queue}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        dataSource={jobs}
        pagination={{ pageSize: 10 }}
        scroll={{ x: true }}
        columns={[
          { title: C.job, dataIndex: "id" },
          { title: "", render: (_, j: PrintJob) => (j.orderId ? `${j.title} · ${j.orderId}` : j.title) },
          {
            title: C.printer,
            render: (_, j: PrintJob) => (
              <>
                {nameOf(j.printerId)} {j.transferred && <Tag color="purple">{C.transferred}</Tag>}
              </>
            ),
          },
          {
            title: C.state,
            render: (_, j: PrintJob) => (
              <Tag color={JOB_COLOUR[j.state]} data-testid={`job-state-${j.id}`}>
                {C.jobStates[j.state]}
              </Tag>
            ),
          },
          { title: C.attempts, dataIndex: "attempts" },
          { title: C.error, dataIndex: "error", ellipsis: true },
          {
            title: "",
            render: (_, j: PrintJob) => (
              <Space size="small">
                {j.state === "queued" && kindOf(j.printerId) === "browser" && (
                  <Button
                    size="small"
                    type="primary"
                    data-testid={`print-in-browser-${j.id}`}
                    onClick={() => navigate(`/print/job/${j.id}`)}
                  >
                    {C.printInBrowser}
                  </Button>
                )}
                {j.state === "failed" && (
                  <Button size="small" onClick={() => act(() => retryPrintJob(restaurantId, j.id))}>
                    {C.retry}
                  </Button>
                )}
                <Button
                  size="small"
                  onClick={() => act(() => reprintPrintJob(restaurantId, j.id), C.reprinted)}
                >
                  {C.reprint}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {draft && (
        <PrinterEditor
          draft={draft}
          printers={printers}
          onChange={setDraft}
          onSave={save}
          onClose={() => setDraft(null)}
          saving={saving}
        />
      )}
    </div>
  );
}
