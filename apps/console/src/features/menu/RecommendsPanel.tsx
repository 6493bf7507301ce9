import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from "@ant-design/icons";
import type { ConsoleMenu } from "@tablemate/core";
import { Button, Card, List, Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { menuApi } from "../../api/menu.js";
import { MENU_COPY } from "../../copy/index.js";
import { moved } from "./dish-form.js";
import type { Change } from "./MenuPage.js";

const C = MENU_COPY.recommends;

/** 老板推荐: which dishes, in which order; saved as one list. */
export function RecommendsPanel({ rid, menu, change }: { rid: number; menu: ConsoleMenu; change: Change }) {
  const [ids, setIds] = useState(menu.recommends);
  useEffect(() => setIds(menu.recommends), [menu.recommends]);
  const byId = new Map(menu.dishes.map((d) => [d.id, d]));
  return (
    <Card size="small" style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{C.hint}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={C.addPlaceholder}
          style={{ width: 280 }}
          value={null}
          options={menu.dishes
            .filter((d) => !ids.includes(d.id))
            .map((d) => ({ value: d.id, label: d.name }))}
          onChange={(id: number | null) => id !== null && setIds([...ids, id])}
        />
        <Button type="primary" onClick={() => change(() => menuApi.setRecommends(rid, ids), C.saved)}>
          {C.save}
        </Button>
      </Space>
      <List
        bordered
        size="small"
        dataSource={ids}
        locale={{ emptyText: C.empty }}
        renderItem={(id, index) => (
          <List.Item
            actions={[
              <Button
                key="up"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => setIds(moved(ids, index, -1))}
              />,
              <Button
                key="down"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === ids.length - 1}
                onClick={() => setIds(moved(ids, index, 1))}
              />,
              <Button
                key="remove"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => setIds(ids.filter((x) => x !== id))}
              >
                {C.remove}
              </Button>,
            ]}
          >
            {index + 1}. {byId.get(id)?.name ?? id}
          </List.Item>
        )}
      />
    </Card>
  );
}
