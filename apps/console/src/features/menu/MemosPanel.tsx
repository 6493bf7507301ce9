import type { ConsoleMemo, ConsoleMenu } from "@tablemate/core";
import { Button, Card, Input, InputNumber, Popconfirm, Space, Table, Typography } from "antd";
import { useState } from "react";
import { menuApi } from "../../api/menu.js";
import { MENU_COPY } from "../../copy/index.js";
import type { Change } from "./MenuPage.js";

const C = MENU_COPY.memos;

/** The KOU_WEI memos diners pick as notes: add, edit in place, delete. */
export function MemosPanel({ rid, menu, change }: { rid: number; menu: ConsoleMenu; change: Change }) {
  const [content, setContent] = useState("");
  const [number, setNumber] = useState(0);
  const [edits, setEdits] = useState<Record<number, ConsoleMemo>>({});
  const memos = [...menu.memos].sort((a, b) => b.number - a.number);
  const edited = (memo: ConsoleMemo) => edits[memo.id] ?? memo;
  const edit = (memo: ConsoleMemo, patch: Partial<ConsoleMemo>) =>
    setEdits({ ...edits, [memo.id]: { ...edited(memo), ...patch } });
  return (
    <Card size="small" style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{C.hint}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Input
          placeholder={C.content}
          maxLength={20}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
        <InputNumber
          min={0}
          max={9999}
          value={number}
          onChange={(v) => setNumber(v ?? 0)}
          addonBefore={C.number}
        />
        <Button
          type="primary"
          disabled={content.trim() === ""}
          onClick={() => {
            const body = { content: content.trim(), number };
            setContent("");
            void change(() => menuApi.createMemo(rid, body));
          }}
        >
          {C.add}
        </Button>
      </Space>
      <Table<ConsoleMemo>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={memos}
        locale={{ emptyText: C.empty }}
        columns={[
          {
            title: C.content,
            render: (_, memo) => (
              <Input
                value={edited(memo).content}
                maxLength={20}
                onChange={(e) => edit(memo, { content: e.target.value })}
              />
            ),
          },
          {
            title: C.number,
            width: 120,
            render: (_, memo) => (
              <InputNumber
                min={0}
                max={9999}
                value={edited(memo).number}
                onChange={(v) => edit(memo, { number: v ?? 0 })}
              />
            ),
          },
          {
            title: "",
            width: 170,
            render: (_, memo) => (
              <Space>
                <Button
                  size="small"
                  disabled={!edits[memo.id]}
                  onClick={() => {
                    const next = edited(memo);
                    const { [memo.id]: _done, ...rest } = edits;
                    setEdits(rest);
                    void change(() => menuApi.updateMemo(rid, next));
                  }}
                >
                  {C.save}
                </Button>
                <Popconfirm
                  title={C.removeConfirm(memo.content)}
                  onConfirm={() => change(() => menuApi.deleteMemo(rid, memo.id))}
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
    </Card>
  );
}
