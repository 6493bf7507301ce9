import { ALLERGEN_NAMES, ALLERGENS, type Allergen } from "@tablemate/core";
import { Radio, Select, Space } from "antd";
import { MENU_COPY } from "../../copy/index.js";
import { foodLanguage } from "../../i18n/locale.js";

const C = MENU_COPY.editor;

/** Core's allergen names in the language shown. */
const allergenOptions = () =>
  ALLERGENS.map((code) => ({ value: code, label: ALLERGEN_NAMES[code][foodLanguage()] }));

/** Core's allergen codes as a multiple choice, named in the language shown (a norm's, method's, addition's, part's own). */
export function AllergenSelect({
  value,
  onChange,
  width = 200,
}: {
  value?: Allergen[];
  onChange?(value: Allergen[]): void;
  width?: number;
}) {
  return (
    <Select
      mode="multiple"
      allowClear
      optionFilterProp="label"
      maxTagCount="responsive"
      placeholder={C.optionAllergens}
      aria-label={C.optionAllergens}
      style={{ width }}
      options={allergenOptions()}
      value={value ?? []}
      onChange={onChange}
    />
  );
}

/** A dish's own allergens: not declared (null) kept apart from declared, possibly none ([]). */
export function DeclaredAllergens({
  value,
  onChange,
}: {
  value?: Allergen[] | null;
  onChange?(value: Allergen[] | null): void;
}) {
  const declared = value !== null && value !== undefined;
  return (
    <Space wrap data-testid="dish-allergens">
      <Radio.Group
        value={declared}
        onChange={(e) => onChange?.(e.target.value ? (value ?? []) : null)}
        options={[
          { value: false, label: C.allergenUnknown },
          { value: true, label: C.allergenDeclared },
        ]}
      />
      {declared ? (
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          placeholder={C.allergenNone}
          aria-label={C.allergenInfo}
          style={{ minWidth: 320 }}
          options={allergenOptions()}
          value={value}
          onChange={(codes) => onChange?.(codes)}
          data-testid="dish-allergen-codes"
        />
      ) : null}
    </Space>
  );
}
