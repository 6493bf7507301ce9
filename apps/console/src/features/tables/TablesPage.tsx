import { PlusOutlined, PrinterOutlined } from "@ant-design/icons";
import type { ConsoleTable } from "@tablemate/core";
import type { CheckboxProps } from "antd";
import {
  App as AntApp,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useState } from "react";
import { createTable, deleteTable, qrSheetUrl, readTables, updateTable } from "../../api/tables.js";
import { TABLES_COPY } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";
import "./tables.css";

/** read each render: the words are those of the language shown */
const typeOptions = () => [1, 6].map((value) => ({ value, label: TABLES_COPY.types[value] }));

/** /console/tables: the restaurant's tables; add, rename, type, delete; print their QR codes. */
export default function TablesPage() {
  const { restaurantId } = useWorkplace();
  const { message } = AntApp.useApp();
  const [tables, setTables] = useState<ConsoleTable[] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ConsoleTable | "new" | null>(null);

  const load = useCallback(async () => {
    try {
      setTables(await readTables(restaurantId));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  }, [restaurantId, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (table: ConsoleTable) => {
    try {
      await deleteTable(restaurantId, table.id);
      message.success(TABLES_COPY.deleted(table.name));
      setSelected((ids) => ids.filter((id) => id !== table.id));
      await load();
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const print = (ids: number[]) => window.open(qrSheetUrl(restaurantId, ids), "_blank", "noopener");

  const columns: ColumnsType<ConsoleTable> = [
    {
      title: TABLES_COPY.name,
      dataIndex: "name",
      render: (name: string) => <span className="tables-name">{name}</span>,
    },
    {
      title: TABLES_COPY.type,
      dataIndex: "tableType",
      width: 160,
      render: (t: number) => TABLES_COPY.types[t] ?? t,
    },
    {
      title: TABLES_COPY.status,
      dataIndex: "busy",
      width: 120,
      render: (busy: boolean) =>
        busy ? <Tag color="orange">{TABLES_COPY.busy}</Tag> : <Tag>{TABLES_COPY.free}</Tag>,
    },
    {
      title: TABLES_COPY.actions,
      key: "actions",
      width: 260,
      render: (_, table) => (
        <Space>
          <Button data-testid={`edit-table-${table.id}`} onClick={() => setEditing(table)}>
            {TABLES_COPY.rename}
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => print([table.id])} aria-label="print" />
          <Popconfirm
            title={TABLES_COPY.deleteConfirm(table.name)}
            okText={TABLES_COPY.delete}
            cancelText={TABLES_COPY.cancel}
            disabled={table.busy}
            onConfirm={() => remove(table)}
          >
            <Button danger disabled={table.busy} title={table.busy ? TABLES_COPY.deleteBusy : undefined}>
              {TABLES_COPY.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="tables-page">
      <div className="tables-head">
        <Typography.Title level={3} className="tables-title">
          {TABLES_COPY.title}
        </Typography.Title>
        <Space>
          <Button
            icon={<PrinterOutlined />}
            disabled={selected.length === 0}
            data-testid="print-selected"
            onClick={() => print(selected)}
          >
            {TABLES_COPY.printSelected(selected.length)}
          </Button>
          <Button icon={<PrinterOutlined />} data-testid="print-all" onClick={() => print([])}>
            {TABLES_COPY.printAll}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="add-table"
            onClick={() => setEditing("new")}
          >
            {TABLES_COPY.add}
          </Button>
        </Space>
      </div>
      <Typography.Paragraph type="secondary">{TABLES_COPY.printHint}</Typography.Paragraph>
      <Table<ConsoleTable>
        rowKey="id"
        loading={!tables}
        columns={columns}
        dataSource={tables ?? []}
        pagination={false}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          // each row's checkbox named by its table, for screen readers: antd hands its checkbox's other
          // props to the <input>, though its CheckboxProps type names no aria-*
          getCheckboxProps: (table) => ({ "aria-label": TABLES_COPY.select(table.name) }) as CheckboxProps,
        }}
        locale={{ emptyText: TABLES_COPY.empty }}
      />
      {editing ? (
        <TableEditor
          table={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            try {
              if (editing === "new") await createTable(restaurantId, values);
              else await updateTable(restaurantId, editing.id, values);
              message.success(TABLES_COPY.saved);
              setEditing(null);
              await load();
            } catch (error) {
              message.error(error instanceof Error ? error.message : String(error));
            }
          }}
        />
      ) : null}
    </div>
  );
}

function TableEditor({
  table,
  onClose,
  onSave,
}: {
  table: ConsoleTable | null;
  onClose: () => void;
  onSave: (values: { name: string; tableType: number }) => Promise<void>;
}) {
  const [form] = Form.useForm<{ name: string; tableType: number }>();
  return (
    <Modal
      open
      title={table ? TABLES_COPY.editTitle : TABLES_COPY.addTitle}
      okText={TABLES_COPY.save}
      cancelText={TABLES_COPY.cancel}
      okButtonProps={{ ...{ "data-testid": "table-save" } }}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then((values) => onSave({ ...values, name: values.name.trim() }))
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: table?.name ?? "", tableType: table?.tableType ?? 1 }}
      >
        <Form.Item
          name="name"
          label={TABLES_COPY.name}
          rules={[
            { required: true, whitespace: true, message: TABLES_COPY.nameRequired },
            { max: 20, message: TABLES_COPY.nameTooLong },
          ]}
        >
          <Input data-testid="table-name" placeholder={TABLES_COPY.namePlaceholder} autoFocus />
        </Form.Item>
        <Form.Item name="tableType" label={TABLES_COPY.type}>
          <Select options={typeOptions()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
