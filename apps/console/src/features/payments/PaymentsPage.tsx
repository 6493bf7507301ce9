import { ReloadOutlined } from "@ant-design/icons";
import { type MoneyIssue, roleCan, type SandboxSwitches } from "@tablemate/core";
import { Alert, App, Button, Card, Form, InputNumber, Switch, Table, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import * as payApi from "../../api/payments.js";
import { PAYMENTS_COPY as C } from "../../copy/index.js";
import { useNotSaved } from "../forms/cannot-save.js";
import { useWorkplace } from "../session/session-store.js";
import { failure, shortTime, useLoad } from "../staff/use-load.js";
import "./payments.css";

const KIND_TAG: Record<MoneyIssue["kind"], string> = {
  unapplied: "red",
  unverified: "volcano",
  refundStuck: "orange",
  overpaid: "gold",
};

/** 重新查询: asks the provider about the attempt again, tells what it said, and reads the list again. */
function RequeryButton({ rid, tradeNo, done }: { rid: number; tradeNo: string; done(): void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      loading={busy}
      data-testid="requery"
      onClick={async () => {
        setBusy(true);
        try {
          const { status } = await payApi.requery(rid, tradeNo);
          void message.info(C.requeried(C.attemptStatuses[status]));
          done();
        } catch (error) {
          void message.error(failure(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      {C.requery}
    </Button>
  );
}

/** The money that needs a person, newest first, each with 重新查询 where a trade number exists. */
function MoneyIssues({ rid, canRequery }: { rid: number; canRequery: boolean }) {
  const { data, loading, reload } = useLoad(() => payApi.readMoneyIssues(rid), rid);
  const columns = [
    {
      title: C.columns.kind,
      dataIndex: "kind",
      width: 120,
      render: (kind: MoneyIssue["kind"]) => <Tag color={KIND_TAG[kind]}>{C.kinds[kind]}</Tag>,
    },
    { title: C.columns.at, dataIndex: "at", width: 148, render: shortTime },
    {
      title: C.columns.amount,
      dataIndex: "amount",
      width: 88,
      align: "right" as const,
      render: (amount: string | null) => (amount === null ? "—" : `¥${amount}`),
    },
    {
      // the numbers and what happened, together: a number is 22 characters, the words need the room
      title: C.columns.detail,
      key: "detail",
      render: (_: unknown, issue: MoneyIssue) => (
        <div className="payments-issue">
          {[issue.tradeNo, issue.refundNo]
            .filter((n): n is string => n !== null)
            .map((n) => (
              <Typography.Text key={n} className="pay-number" copyable>
                {n}
              </Typography.Text>
            ))}
          <Typography.Text type="secondary">{issue.detail}</Typography.Text>
        </div>
      ),
    },
    ...(canRequery
      ? [
          {
            title: C.columns.actions,
            key: "actions",
            width: 104,
            render: (_: unknown, issue: MoneyIssue) =>
              issue.tradeNo && <RequeryButton rid={rid} tradeNo={issue.tradeNo} done={reload} />,
          },
        ]
      : []),
  ];
  return (
    <Card
      title={C.issuesTitle}
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload} data-testid="issues-reload">
          {C.reload}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{C.issuesHint}</Typography.Paragraph>
      <Table<MoneyIssue>
        data-testid="money-issues"
        size="small"
        loading={loading}
        dataSource={data ?? []}
        rowKey={(issue) =>
          `${issue.kind}|${issue.at}|${issue.tradeNo ?? ""}|${issue.refundNo ?? ""}|${issue.intentId ?? ""}`
        }
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: C.noIssues }}
      />
    </Card>
  );
}

const BOOLEAN_SWITCHES = ["duplicate", "outOfOrder", "drop", "fail", "amountMismatch"] as const;

/** The sandbox's switches (settings.write), saved as one: for tests and staff training only. */
function SandboxCard({ rid }: { rid: number }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SandboxSwitches>();
  const notSaved = useNotSaved();
  const { data, loading } = useLoad(() => payApi.readSandbox(rid), rid);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);

  const save = async (values: SandboxSwitches) => {
    setSaving(true);
    try {
      form.setFieldsValue(await payApi.writeSandbox(rid, values));
      void message.success(C.sandboxSaved);
    } catch (error) {
      void message.error(failure(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={C.sandboxTitle} loading={loading && !data} data-testid="sandbox-card">
      <Alert type="warning" showIcon message={C.sandboxNote} className="payments-sandbox-note" />
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        onFinishFailed={notSaved}
        scrollToFirstError
        disabled={!data}
      >
        <div className="payments-switches">
          <Form.Item name="delayMs" label={C.switches.delayMs}>
            <InputNumber min={0} max={60_000} step={500} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          {BOOLEAN_SWITCHES.map((key) => (
            <Form.Item key={key} name={key} label={C.switches[key]} valuePropName="checked">
              <Switch data-testid={`sandbox-${key}`} />
            </Form.Item>
          ))}
        </div>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="sandbox-save">
          {C.sandboxSave}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * /console/payments (收款, payments.read): the money that needs a person (notifications not applied or
 * not verified, refunds not done, money paid twice) and, for settings.write, the sandbox's switches.
 */
export default function PaymentsPage() {
  const { restaurantId, role } = useWorkplace();
  return (
    <div className="payments-page" data-testid="payments-page">
      <MoneyIssues rid={restaurantId} canRequery={roleCan(role, "payments.refund")} />
      {roleCan(role, "settings.write") && <SandboxCard rid={restaurantId} />}
    </div>
  );
}
