import { type ConsoleMenu, type ConsoleTranslations, canonicalLang } from "@tablemate/core";
import { Alert, App, Button, Input, Progress, Select, Space, Switch, Table, Tag, Typography } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { menuApi } from "../../api/menu.js";
import { COMMON_COPY, MENU_COPY } from "../../copy/index.js";

const C = MENU_COPY.translations;
const FIRST_LANGUAGE = "en-US";

type Item = ConsoleTranslations["items"][number];

/** Where a text appears, in words: 菜名 · 毛血旺, and how many more places. */
function placesText(item: Item, dishName: (id: number) => string): string {
  const [first, ...rest] = item.places;
  if (!first) return "";
  const where =
    first.dishId === null ? C.kinds[first.kind] : `${C.kinds[first.kind]} · ${dishName(first.dishId)}`;
  return rest.length > 0 ? `${where} ${C.more(item.places.length)}` : where;
}

/**
 * The menu's translations (issue 28): one language at a time, every text of the menu with its
 * translation, how complete the language is, and which texts still lack one. Saving sends the
 * changed texts; the server answers the language as it now stands.
 */
export function TranslationsPanel({ rid, menu }: { rid: number; menu: ConsoleMenu }) {
  const { message } = App.useApp();
  const [lang, setLang] = useState(FIRST_LANGUAGE);
  const [data, setData] = useState<ConsoleTranslations | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [search, setSearch] = useState("");
  const [newLang, setNewLang] = useState("");
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      setData(await menuApi.translations(rid, lang));
      setDrafts({});
      setFailed(null);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  }, [rid, lang]);

  useEffect(() => {
    void load();
  }, [load]);

  const dishName = useMemo(() => {
    const names = new Map(menu.dishes.map((d) => [d.id, d.name]));
    return (id: number) => names.get(id) ?? "";
  }, [menu]);

  if (failed && !data) return <Alert type="error" message={failed} showIcon />;
  if (!data) return null;
  const coverage = data.languages.find((l) => l.lang === data.lang);
  const changed = data.items
    .filter((item) => item.source in drafts && (drafts[item.source] ?? "").trim() !== (item.text ?? ""))
    .map((item) => ({ source: item.source, text: (drafts[item.source] ?? "").trim() }));
  const query = search.trim().toLowerCase();
  const shown = data.items.filter(
    (item) =>
      (!onlyMissing || (item.required && item.text === null)) &&
      (query === "" ||
        item.source.toLowerCase().includes(query) ||
        (item.text ?? "").toLowerCase().includes(query)),
  );

  async function save() {
    if (changed.length === 0) {
      message.info(C.nothingToSave);
      return;
    }
    setSaving(true);
    try {
      setData(await menuApi.saveTranslations(rid, { lang: data?.lang ?? lang, texts: changed }));
      setDrafts({});
      message.success(C.saved);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  function addLanguage() {
    const tag = canonicalLang(newLang.trim());
    if (tag === null || tag === data?.base) {
      message.error(C.languagePlaceholder);
      return;
    }
    setNewLang("");
    setLang(tag);
  }

  return (
    <div data-testid="translations-panel">
      <Alert type="info" showIcon message={C.hint} style={{ marginBottom: 12 }} />
      <Space wrap style={{ marginBottom: 12 }} align="center">
        <span>{C.language}</span>
        <Select
          style={{ width: 220 }}
          value={data.lang}
          onChange={setLang}
          aria-label={C.language}
          data-testid="translation-language"
          options={data.languages.map((l) => ({
            value: l.lang,
            label: `${l.lang} · ${l.translated}/${l.total}`,
          }))}
        />
        <Input
          style={{ width: 200 }}
          placeholder={C.languagePlaceholder}
          aria-label={C.addLanguage}
          value={newLang}
          onChange={(e) => setNewLang(e.target.value)}
          onPressEnter={addLanguage}
          maxLength={35}
        />
        <Button onClick={addLanguage}>{C.addLanguage}</Button>
      </Space>
      {coverage ? (
        <div className="translation-coverage" data-testid="translation-coverage">
          <Progress
            percent={coverage.total === 0 ? 0 : Math.floor((coverage.translated / coverage.total) * 100)}
            status={coverage.offered ? "success" : "active"}
            style={{ maxWidth: 360, margin: 0 }}
          />
          <span data-testid="translation-count">{C.progress(coverage.translated, coverage.total)}</span>
          {coverage.offered ? <Tag color="green">{C.offered}</Tag> : <Tag color="orange">{C.notOffered}</Tag>}
        </div>
      ) : null}
      <Space wrap style={{ margin: "12px 0" }} align="center">
        <Switch checked={onlyMissing} onChange={setOnlyMissing} data-testid="translation-only-missing" />
        <span>{C.onlyMissing}</span>
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={C.search}
          aria-label={C.search}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="translation-save">
          {C.save(changed.length)}
        </Button>
      </Space>
      <Table<Item>
        rowKey="source"
        size="small"
        dataSource={shown}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          {
            title: C.columns.source,
            width: "42%",
            render: (_, item) => (
              <div>
                <div>{item.source}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {placesText(item, dishName)}
                </Typography.Text>
                {item.required ? null : <Tag style={{ marginLeft: 6 }}>{C.notOnMenu}</Tag>}
              </div>
            ),
          },
          {
            title: C.columns.text,
            render: (_, item) => (
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 4 }}
                maxLength={600}
                placeholder={C.textPlaceholder}
                aria-label={`${C.columns.text}${COMMON_COPY.colon}${item.source}`}
                status={
                  item.required && item.text === null && !(item.source in drafts) ? "warning" : undefined
                }
                value={drafts[item.source] ?? item.text ?? ""}
                onChange={(e) => setDrafts((d) => ({ ...d, [item.source]: e.target.value }))}
                data-testid={`translation-${item.source}`}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
