import { DeleteOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons";
import {
  type ConsoleDish,
  type ConsoleMenu,
  consoleDishInputSchema,
  DIET_NAMES,
  DIETS,
  dishProblemMessage,
  dishProblems,
  IMAGE_UPLOAD,
} from "@tablemate/core";
import {
  App,
  Button,
  Checkbox,
  Col,
  Divider,
  Drawer,
  Form,
  Image,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Upload,
} from "antd";
import { useEffect, useState } from "react";
import { isConflict, menuApi } from "../../api/menu.js";
import { COMMON_COPY, MENU_COPY, MENU_DEFAULTS } from "../../copy/index.js";
import { foodLanguage } from "../../i18n/locale.js";
import { useNotSaved } from "../forms/cannot-save.js";
import { FormSelect } from "../forms/FormSelect.js";
import { AllergenSelect, DeclaredAllergens } from "./AllergenSelect.js";
import {
  type DishFormValues,
  defaultNormPrice,
  dishInput,
  dishValues,
  newDishValues,
  ruleContextOf,
} from "./dish-form.js";

const C = MENU_COPY.editor;
const MONEY = /^\d{1,8}(\.\d{1,4})?$/;
// read as a form validates, so in the language shown then
const moneyRule = {
  pattern: MONEY,
  get message() {
    return C.moneyRule;
  },
};

export interface DishEditorProps {
  rid: number;
  menu: ConsoleMenu;
  /** the dish to edit, or where a new one goes */
  target: { dish: ConsoleDish } | { categoryId: number; secondCategoryId: number | null };
  onClose(): void;
  /** saved (or refused as stale): the page reloads the menu */
  onSaved(): void;
}

/** The dish editor: every field the diner app reads, in sections; core's rules checked before sending. */
export function DishEditor({ rid, menu, target, onClose, onSaved }: DishEditorProps) {
  const { message } = App.useApp();
  const editing = "dish" in target ? target.dish : null;
  const [form] = Form.useForm<DishFormValues>();
  const [saving, setSaving] = useState(false);
  const [imageUrl, setImageUrl] = useState(editing?.imageUrl ?? "");
  const initial =
    "dish" in target ? dishValues(target.dish) : newDishValues(target.categoryId, target.secondCategoryId);
  const categoryId = Form.useWatch("categoryId", form) ?? initial.categoryId;
  const foodproperty = Form.useWatch("foodproperty", form) ?? initial.foodproperty;
  const pricingType = Form.useWatch("pricingType", form) ?? initial.pricingType;
  const periodType = Form.useWatch("salablePeriodType", form) ?? initial.salablePeriodType;
  const necessary = Form.useWatch("necessary", form) ?? initial.necessary;
  const marketPrice = Form.useWatch("marketPrice", form) ?? initial.marketPrice;
  const norms = Form.useWatch("norms", form) ?? initial.norms;
  // with sizes, the menu shows the default size's price: the dish's own price follows it and is
  // edited in the size rows, so a price typed where it would not be kept cannot be typed at all
  const sized = norms.length > 0;
  const notSaved = useNotSaved();

  useEffect(() => {
    if (!sized || marketPrice) return;
    const shown = defaultNormPrice(norms);
    if (shown) form.setFieldsValue(shown);
  }, [form, sized, marketPrice, norms]);

  const firsts = menu.categories.filter((c) => c.parentId === null);
  const seconds = menu.categories.filter((c) => c.parentId === categoryId);
  const singles = menu.dishes.filter((d) => d.foodproperty === 0 && d.id !== editing?.id);

  async function save(values: DishFormValues) {
    const input = dishInput({ ...initial, ...values });
    const parsed = consoleDishInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      message.error(`${issue?.path.join(".")}: ${issue?.message}`);
      return;
    }
    const problems = dishProblems(parsed.data, ruleContextOf(menu, editing?.id));
    if (problems.length > 0) {
      message.error(dishProblemMessage(problems));
      return;
    }
    setSaving(true);
    try {
      if (editing) await menuApi.updateDish(rid, editing.id, { ...input, version: editing.version });
      else await menuApi.createDish(rid, input);
      message.success(C.saved);
      onSaved();
    } catch (error) {
      if (isConflict(error)) {
        message.warning(MENU_COPY.conflict);
        onSaved();
      } else message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  async function upload(file: File) {
    if (!(IMAGE_UPLOAD.types as readonly string[]).includes(file.type)) {
      message.error(C.imageType);
      return;
    }
    if (file.size > IMAGE_UPLOAD.maxBytes) {
      message.error(C.imageTooLarge);
      return;
    }
    try {
      const image = await menuApi.uploadImage(rid, file);
      form.setFieldValue("imageKey", image.imageKey);
      setImageUrl(image.url);
      message.success(C.uploaded);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Drawer
      open
      width={760}
      title={editing ? C.editTitle(editing.name) : C.createTitle}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{C.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="dish-save">
            {C.save}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={save}
        onFinishFailed={notSaved}
        scrollToFirstError
        data-testid="dish-editor"
      >
        <Divider orientation="left">{C.sections.basics}</Divider>
        <Row gutter={16}>
          <Col span={14}>
            <Form.Item
              name="name"
              label={C.name}
              rules={[{ required: true, whitespace: true, message: C.nameRequired }]}
            >
              <Input maxLength={40} data-testid="dish-name" />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="unit" label={C.unit}>
              <Input maxLength={8} />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="code" label={C.code}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="categoryId" label={C.category}>
              <Select
                options={firsts.map((c) => ({ value: c.id, label: c.name }))}
                onChange={() => form.setFieldValue("secondCategoryId", null)}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="secondCategoryId" label={C.secondCategory}>
              <Select
                options={[
                  { value: null, label: C.noSecondCategory },
                  ...seconds.map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="intro" label={C.intro}>
              <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={C.image} extra={C.uploadHint}>
              <Space align="start">
                {imageUrl ? (
                  <Image width={96} height={96} src={imageUrl} alt={C.image} data-testid="dish-image" />
                ) : null}
                <Upload
                  accept={IMAGE_UPLOAD.types.join(",")}
                  showUploadList={false}
                  customRequest={({ file }) => void upload(file as File)}
                >
                  <Button icon={<UploadOutlined />}>{C.upload}</Button>
                </Upload>
                {imageUrl ? (
                  <Button
                    onClick={() => {
                      form.setFieldValue("imageKey", "");
                      setImageUrl("");
                    }}
                  >
                    {C.removeImage}
                  </Button>
                ) : null}
              </Space>
            </Form.Item>
            <Form.Item name="imageKey" hidden>
              <Input />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left">{C.sections.allergens}</Divider>
        <Form.Item name="allergens" label={C.allergenInfo} extra={C.allergensHint}>
          <DeclaredAllergens />
        </Form.Item>
        <Form.Item name="diets" label={C.diets}>
          <Checkbox.Group
            options={DIETS.map((code) => ({ value: code, label: DIET_NAMES[code][foodLanguage()] }))}
          />
        </Form.Item>

        <Divider orientation="left">{C.sections.price}</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="price"
              label={C.price}
              rules={[{ required: true, message: C.priceRequired }, moneyRule]}
              extra={sized && !marketPrice ? C.priceFromNorm : undefined}
            >
              <Input inputMode="decimal" disabled={marketPrice || sized} data-testid="dish-price" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="vipPrice" label={C.vipPrice} rules={[moneyRule]}>
              <Input inputMode="decimal" disabled={marketPrice || sized} data-testid="dish-vip-price" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="marketPrice" label={C.marketPrice} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="weigh" label={C.weigh} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="pricingType" label={C.pricingType}>
              <Radio.Group
                options={[
                  { value: 0, label: COMMON_COPY.no },
                  { value: 1, label: COMMON_COPY.yes },
                ]}
              />
            </Form.Item>
          </Col>
          {pricingType === 1 ? (
            <>
              <Col span={8}>
                <Form.Item name="startPrice" label={C.startPrice} rules={[moneyRule]}>
                  <Input inputMode="decimal" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="startVipPrice" label={C.startVipPrice} rules={[moneyRule]}>
                  <Input inputMode="decimal" />
                </Form.Item>
              </Col>
            </>
          ) : null}
        </Row>
        <Form.List name="norms">
          {(fields, { add, remove }) => (
            <>
              {fields.length > 0 && (
                <div className="norm-row norm-head" data-testid="norm-head">
                  <span>{C.normName}</span>
                  <span>{C.normPrice}</span>
                  <span>{C.normVipPrice}</span>
                  <span>{C.optionAllergens}</span>
                  <span>{C.normDefault}</span>
                </div>
              )}
              {fields.map((field) => (
                <div key={field.key} className="norm-row" data-testid="norm-row">
                  <Form.Item
                    name={[field.name, "name"]}
                    rules={[{ required: true, whitespace: true, message: C.normNameRequired }]}
                  >
                    <Input placeholder={C.normName} aria-label={C.normName} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, "price"]}
                    rules={[{ required: true, message: C.normPriceRequired }, moneyRule]}
                  >
                    <Input
                      placeholder={C.normPrice}
                      aria-label={C.normPrice}
                      inputMode="decimal"
                      data-testid="norm-price"
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, "vipPrice"]} rules={[moneyRule]}>
                    <Input placeholder={C.normVipPrice} aria-label={C.normVipPrice} inputMode="decimal" />
                  </Form.Item>
                  <Form.Item name={[field.name, "allergens"]}>
                    <AllergenSelect width={160} />
                  </Form.Item>
                  <Form.Item name={[field.name, "isDefault"]} valuePropName="checked">
                    <Checkbox>{C.normDefault}</Checkbox>
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={C.remove}
                  />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ name: "", price: "0", vipPrice: null, isDefault: false })}
              >
                {C.addNorm}
              </Button>
            </>
          )}
        </Form.List>

        <Divider orientation="left">{C.sections.methods}</Divider>
        <Form.List name="methodCategories">
          {(categories, { add, remove }) => (
            <>
              {categories.map((category) => (
                <div key={category.key} className="menu-option-group">
                  <Space align="baseline">
                    <Form.Item
                      name={[category.name, "categoryName"]}
                      rules={[{ required: true, whitespace: true, message: C.methodCategory }]}
                    >
                      <Input placeholder={C.methodCategory} style={{ width: 180 }} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(category.name)}
                      aria-label={C.remove}
                    />
                  </Space>
                  <Form.List name={[category.name, "methodList"]}>
                    {(methods, list) => (
                      <>
                        {methods.map((method) => (
                          <Space key={method.key} align="baseline" wrap>
                            <Form.Item
                              name={[method.name, "name"]}
                              rules={[{ required: true, whitespace: true, message: C.methodName }]}
                            >
                              <Input placeholder={C.methodName} style={{ width: 120 }} />
                            </Form.Item>
                            <Form.Item name={[method.name, "markupWay"]}>
                              <Select
                                style={{ width: 130 }}
                                aria-label={C.markupWay}
                                options={([0, 1, 2] as const).map((w) => ({
                                  value: w,
                                  label: C.markupWays[w],
                                }))}
                              />
                            </Form.Item>
                            <Form.Item name={[method.name, "markupPrice"]} rules={[moneyRule]}>
                              <Input placeholder={C.markup} style={{ width: 90 }} inputMode="decimal" />
                            </Form.Item>
                            <Form.Item name={[method.name, "isDefault"]} valuePropName="checked">
                              <Checkbox>{C.normDefault}</Checkbox>
                            </Form.Item>
                            <Form.Item name={[method.name, "allergens"]}>
                              <AllergenSelect width={150} />
                            </Form.Item>
                            <Button
                              icon={<DeleteOutlined />}
                              onClick={() => list.remove(method.name)}
                              aria-label={C.remove}
                            />
                          </Space>
                        ))}
                        <Button
                          size="small"
                          onClick={() =>
                            list.add({ name: "", markupWay: 0, markupPrice: "0", isDefault: false })
                          }
                        >
                          {C.addMethod}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() =>
                  add({
                    categoryName: "",
                    methodList: [{ name: "", markupWay: 0, markupPrice: "0", isDefault: true }],
                  })
                }
              >
                {C.addMethodCategory}
              </Button>
            </>
          )}
        </Form.List>

        <Divider orientation="left">{C.sections.additions}</Divider>
        <Form.List name="additionCategories">
          {(categories, { add, remove }) => (
            <>
              {categories.map((category) => (
                <div key={category.key} className="menu-option-group">
                  <Space align="baseline">
                    <Form.Item
                      name={[category.name, "categoryName"]}
                      rules={[{ required: true, whitespace: true, message: C.additionCategory }]}
                    >
                      <Input placeholder={C.additionCategory} style={{ width: 180 }} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(category.name)}
                      aria-label={C.remove}
                    />
                  </Space>
                  <Form.List name={[category.name, "additions"]}>
                    {(additions, list) => (
                      <>
                        {additions.map((addition) => (
                          <Space key={addition.key} align="baseline" wrap>
                            <Form.Item
                              name={[addition.name, "name"]}
                              rules={[{ required: true, whitespace: true, message: C.additionName }]}
                            >
                              <Input placeholder={C.additionName} style={{ width: 140 }} />
                            </Form.Item>
                            <Form.Item name={[addition.name, "priceUpValue"]} rules={[moneyRule]}>
                              <Input
                                placeholder={C.additionPrice}
                                style={{ width: 90 }}
                                inputMode="decimal"
                              />
                            </Form.Item>
                            <Form.Item name={[addition.name, "allergens"]}>
                              <AllergenSelect />
                            </Form.Item>
                            <Button
                              icon={<DeleteOutlined />}
                              onClick={() => list.remove(addition.name)}
                              aria-label={C.remove}
                            />
                          </Space>
                        ))}
                        <Button size="small" onClick={() => list.add({ name: "", priceUpValue: "0" })}>
                          {C.addAddition}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ categoryName: "", additions: [{ name: "", priceUpValue: "0" }] })}
              >
                {C.addAdditionCategory}
              </Button>
            </>
          )}
        </Form.List>

        <Divider orientation="left">{C.sections.combo}</Divider>
        <Form.Item name="foodproperty" label={C.foodproperty}>
          <Radio.Group
            options={([0, 1, 3] as const).map((p) => ({ value: p, label: C.foodproperties[p] }))}
          />
        </Form.Item>
        {foodproperty !== 0 ? (
          <Form.List name="combos">
            {(parts, { add, remove }) => (
              <>
                {parts.map((part) => (
                  <Space key={part.key} align="baseline" wrap>
                    <Form.Item
                      name={[part.name, "itemId"]}
                      rules={[{ required: true, message: C.comboDish }]}
                    >
                      <FormSelect
                        showSearch
                        optionFilterProp="label"
                        placeholder={C.comboDish}
                        aria-label={C.comboDish}
                        style={{ width: 180 }}
                        options={singles.map((d) => ({ value: d.id, label: d.name }))}
                      />
                    </Form.Item>
                    <Form.Item name={[part.name, "count"]}>
                      <InputNumber min={1} max={99} placeholder={C.comboCount} style={{ width: 70 }} />
                    </Form.Item>
                    <Form.Item
                      name={[part.name, "groupName"]}
                      rules={[{ required: true, whitespace: true, message: C.comboGroup }]}
                    >
                      <Input placeholder={C.comboGroup} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[part.name, "groupPick"]}>
                      <InputNumber min={1} max={99} placeholder={C.comboPick} style={{ width: 70 }} />
                    </Form.Item>
                    <Form.Item name={[part.name, "priceUp"]} rules={[moneyRule]}>
                      <Input placeholder={C.comboPriceUp} style={{ width: 80 }} inputMode="decimal" />
                    </Form.Item>
                    <Form.Item name={[part.name, "allergens"]}>
                      <AllergenSelect width={160} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(part.name)}
                      aria-label={C.remove}
                    />
                  </Space>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({ count: 1, groupName: MENU_DEFAULTS.comboGroup, groupPick: 1, priceUp: "0" })
                  }
                >
                  {C.addComboPart}
                </Button>
              </>
            )}
          </Form.List>
        ) : null}

        <Divider orientation="left">{C.sections.period}</Divider>
        <Form.Item name="salablePeriodType" label={C.salablePeriodType}>
          <Radio.Group
            options={[
              { value: 0, label: COMMON_COPY.no },
              { value: 1, label: COMMON_COPY.yes },
            ]}
          />
        </Form.Item>
        {periodType === 1 ? (
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="salableDays" label={C.salableDays} extra={C.everyDay}>
                <Checkbox.Group options={C.weekdays.map((label, i) => ({ value: i + 1, label }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="salableTime" label={C.salableTime} extra={C.salableTimeHint}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        ) : null}

        <Divider orientation="left">{C.sections.rules}</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="minCount" label={C.minCount} extra={C.minCountHint}>
              <InputNumber min={1} max={9999} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="inceptStep" label={C.inceptStep}>
              <InputNumber min={1} max={9999} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="necessary" label={C.necessary} valuePropName="checked">
              <Switch onChange={(on) => form.setFieldValue("mustFoodType", on ? 1 : 0)} />
            </Form.Item>
          </Col>
          {necessary ? (
            <>
              <Col span={12}>
                <Form.Item name="mustFoodType" label={C.mustFoodType}>
                  <Radio.Group
                    options={([1, 2] as const).map((t) => ({ value: t, label: C.mustFoodTypes[t] }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="mustFoodNum" label={C.mustFoodNum}>
                  <InputNumber min={1} max={99} />
                </Form.Item>
              </Col>
            </>
          ) : null}
          <Col span={8}>
            <Form.Item name="season" label={C.season} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="isRecommend" label={C.isRecommend} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="hidden" label={C.hidden} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
