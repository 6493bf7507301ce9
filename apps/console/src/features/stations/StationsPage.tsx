import { PlusOutlined } from "@ant-design/icons";
import type { Station, StationCategory } from "@tablemate/core";
import {
  App,
  Button,
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
import {
  createStation,
  deleteStation,
  listStations,
  stationCategories,
  updateStation,
} from "../../api/kitchen.js";
import { STATIONS_COPY } from "../../copy/index.js";
import { LabelledItem } from "../forms/LabelledItem.js";
import { useWorkplace } from "../session/session-store.js";

interface Draft {
  id: number | null;
  name: string;
  sort: number;
  categoryIds: number[];
}

/** /console/stations: the kitchen's stations and the categories each cooks (a category may go to two). */
export default function StationsPage() {
  const { restaurantId } = useWorkplace();
  const { message } = App.useApp();
  const [stations, setStations] = useState<Station[]>([]);
  const [categories, setCategories] = useState<StationCategory[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const [list, cats] = await Promise.all([listStations(restaurantId), stationCategories(restaurantId)]);
    setStations(list);
    setCategories(cats);
  }, [restaurantId]);

  useEffect(() => {
    load().catch((error: Error) => message.error(error.message));
  }, [load, message]);

  const nameOf = (id: number) => {
    const c = categories.find((x) => x.id === id);
    const parent = c?.parentId ? categories.find((x) => x.id === c.parentId) : undefined;
    return c ? (parent ? `${parent.name} / ${c.name}` : c.name) : String(id);
  };

  const save = async () => {
    if (!draft) return;
    if (!draft.name.trim()) {
      message.warning(STATIONS_COPY.nameRequired);
      return;
    }
    setSaving(true);
    try {
      const body = { name: draft.name.trim(), sort: draft.sort, categoryIds: draft.categoryIds };
      if (draft.id === null) await createStation(restaurantId, body);
      else await updateStation(restaurantId, draft.id, body);
      message.success(STATIONS_COPY.saved);
      setDraft(null);
      await load();
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (station: Station) => {
    try {
      await deleteStation(restaurantId, station.id);
      message.success(STATIONS_COPY.removed);
      await load();
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div data-testid="stations-page">
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {STATIONS_COPY.title}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDraft({ id: null, name: "", sort: stations.length, categoryIds: [] })}
        >
          {STATIONS_COPY.add}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{STATIONS_COPY.categoriesHint}</Typography.Paragraph>
      <Table<Station>
        rowKey="id"
        pagination={false}
        dataSource={stations}
        columns={[
          { title: STATIONS_COPY.sort, dataIndex: "sort", width: 80 },
          { title: STATIONS_COPY.name, dataIndex: "name", width: 160 },
          {
            title: STATIONS_COPY.categories,
            render: (_, s) =>
              s.categoryIds.length ? (
                s.categoryIds.map((id) => <Tag key={id}>{nameOf(id)}</Tag>)
              ) : (
                <Typography.Text type="secondary">{STATIONS_COPY.none}</Typography.Text>
              ),
          },
          {
            title: "",
            width: 160,
            render: (_, s) => (
              <Space>
                <Button
                  onClick={() =>
                    setDraft({ id: s.id, name: s.name, sort: s.sort, categoryIds: s.categoryIds })
                  }
                >
                  {STATIONS_COPY.edit}
                </Button>
                <Popconfirm title={STATIONS_COPY.removeConfirm(s.name)} onConfirm={() => remove(s)}>
                  <Button danger>{STATIONS_COPY.remove}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={draft !== null}
        title={draft?.id === null ? STATIONS_COPY.add : STATIONS_COPY.edit}
        okText={STATIONS_COPY.save}
        cancelText={STATIONS_COPY.cancel}
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setDraft(null)}
        destroyOnHidden
      >
        {draft && (
          <Form layout="vertical">
            <LabelledItem label={STATIONS_COPY.name} required>
              <Input
                value={draft.name}
                maxLength={20}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                data-testid="station-name"
              />
            </LabelledItem>
            <LabelledItem label={STATIONS_COPY.sort}>
              <InputNumber
                min={0}
                max={10000}
                value={draft.sort}
                onChange={(v) => setDraft({ ...draft, sort: v ?? 0 })}
              />
            </LabelledItem>
            <LabelledItem label={STATIONS_COPY.categories}>
              <Select
                mode="multiple"
                value={draft.categoryIds}
                onChange={(ids) => setDraft({ ...draft, categoryIds: ids })}
                options={categories.map((c) => ({ value: c.id, label: nameOf(c.id) }))}
                optionFilterProp="label"
              />
            </LabelledItem>
          </Form>
        )}
      </Modal>
    </div>
  );
}
