import {
  type BookingProblem,
  bookingRuleFor,
  businessHoursText,
  type ContactField,
  checkBookedTime,
  contactProblems,
  needsPhoneCode,
  PHONE_CODE,
  type RestaurantDetail,
  type SupplyInfo,
  zonedDateTime,
} from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { type ChangeEvent, type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { BookingTimeField } from "../../features/checkout/BookingTimeField.js";
import { SUBMIT_COPY } from "../../features/checkout/checkout-copy.js";
import { EMPTY_SUPPLY, updateCheckout, useCheckoutStore } from "../../features/checkout/checkout-store.js";
import { useOrderNavigation } from "../../features/checkout/order-navigation.js";
import { SendCodeButton } from "../../features/checkout/SendCodeButton.js";
import { SUPPLY_FIELDS, type SupplyKind, supplyKindOf } from "../../features/checkout/supply-kind.js";
import { OrderPageFrame } from "../../features/order/OrderPageFrame.js";
import { useCompanionOrders } from "../../features/order/use-companion-orders.js";
import { useAppStore } from "../../store/app-store.js";

type Errors = Partial<Record<"phone" | "code" | "name" | "address" | "time", string>>;

const CONTACT_ERRORS: Record<ContactField, string> = {
  phone: SUBMIT_COPY.phoneInvalid,
  name: SUBMIT_COPY.nameMissing,
  address: SUBMIT_COPY.addressMissing,
};

const CODE_PATTERN = new RegExp(`^\\d{${PHONE_CODE.digits}}$`);

/** Why core's checkBookedTime refuses a time, in the words the server also says (9001). */
function timeError(problem: BookingProblem, restaurant: RestaurantDetail, kind: SupplyKind): string {
  switch (problem) {
    case "missing":
    case "invalid":
      return SUBMIT_COPY.timeMissing;
    case "past":
      return SUBMIT_COPY.timePast;
    case "closed":
      return SUBMIT_COPY.timeClosed(businessHoursText(restaurant));
    case "tooFar":
      return SUBMIT_COPY.timeTooFar(bookingRuleFor(kind === "reserve").days);
  }
}

/**
 * What must be right before the order page: phone (001 §5), its code where the restaurant asks for
 * one, a name, an address for takeout, and a time the restaurant takes (checked again at submit).
 */
function validate(
  form: SupplyInfo,
  kind: SupplyKind,
  withCode: boolean,
  restaurant: RestaurantDetail | null,
): Errors {
  const errors: Errors = {};
  if (SUPPLY_FIELDS[kind].contact)
    for (const field of contactProblems(form, kind === "takeout")) errors[field] = CONTACT_ERRORS[field];
  if (withCode && !CODE_PATTERN.test(form.code.trim()))
    errors.code = SUBMIT_COPY.codeMissing(PHONE_CODE.digits);
  if (restaurant) {
    const now = zonedDateTime(new Date(), restaurant.timezone);
    const problem = checkBookedTime(restaurant, now, form.time, bookingRuleFor(kind === "reserve"));
    if (problem) errors.time = timeError(problem, restaurant, kind);
  }
  return errors;
}

/** The party sizes the form takes (the order's diner count). */
const PEOPLE = { min: 1, max: 99 };

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="order-field">
      {/* the error stays outside the label, so the field's name is only its label */}
      <label className="order-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <span className="order-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** /supplyInfo: the reservation or takeout form, kept for the submit; then the order page (000 §2). */
export function SupplyInfoPage() {
  useCompanionOrders();
  const [params] = useSearchParams();
  const kind = supplyKindOf(Object.fromEntries(params));
  const takeout = kind === "takeout";
  const asks = SUPPLY_FIELDS[kind];
  const restaurant = useAppStore((state) => state.restaurant);
  const withCode =
    restaurant !== null && needsPhoneCode(restaurant, { takeout, reserve: kind === "reserve" });
  const saved = useCheckoutStore((state) => state.supply);
  const nav = useOrderNavigation();
  const [form, setForm] = useState<SupplyInfo>(saved ?? EMPTY_SUPPLY);
  const [errors, setErrors] = useState<Errors>({});
  // a field the diner changes loses its error at once (checked again on 下一步)
  const edit = (patch: Partial<SupplyInfo>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((found) => {
      const left = { ...found };
      for (const key of Object.keys(patch)) delete left[key as keyof Errors];
      return left;
    });
  };
  const text = (key: "phone" | "code" | "name" | "memo" | "address") => ({
    id: `supply-${key}`,
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      edit({ [key]: event.target.value }),
  });

  const next = () => {
    const found = validate(form, kind, withCode, restaurant);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const code = withCode ? form.code.trim() : "";
    updateCheckout({ supply: { ...form, phone: form.phone.trim(), code, name: form.name.trim() } });
    nav.toSubOrder();
  };

  const footer = (
    <Button block color="primary" shape="rounded" onClick={next}>
      {SUBMIT_COPY.next}
    </Button>
  );

  return (
    <OrderPageFrame title={SUBMIT_COPY.supplyFactsTitle[kind]} testId="supply-page" footer={footer}>
      <section className="order-card">
        {asks.contact && (
          <>
            <Field id="supply-phone" label={SUBMIT_COPY.phone} error={errors.phone}>
              <input
                type="tel"
                inputMode="tel"
                maxLength={20}
                placeholder={SUBMIT_COPY.phonePlaceholder}
                {...text("phone")}
              />
            </Field>
            {restaurant && withCode && (
              <Field id="supply-code" label={SUBMIT_COPY.code} error={errors.code}>
                <div className="code-row">
                  <input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={PHONE_CODE.digits}
                    placeholder={SUBMIT_COPY.codePlaceholder}
                    {...text("code")}
                  />
                  <SendCodeButton
                    restaurantId={restaurant.restaurantId}
                    phone={form.phone}
                    onPhoneInvalid={() =>
                      setErrors((found) => ({ ...found, phone: SUBMIT_COPY.phoneInvalid }))
                    }
                  />
                </div>
              </Field>
            )}
            <Field id="supply-name" label={SUBMIT_COPY.name} error={errors.name}>
              <input maxLength={30} placeholder={SUBMIT_COPY.namePlaceholder} {...text("name")} />
            </Field>
            <div className="order-field">
              <span className="order-field__label">{SUBMIT_COPY.sex}</span>
              <div className="sex-choice">
                {(
                  [
                    ["1", SUBMIT_COPY.sexMale],
                    ["2", SUBMIT_COPY.sexFemale],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value}>
                    <input
                      type="radio"
                      name="sex"
                      checked={form.sex === value}
                      onChange={() => edit({ sex: value })}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </div>
          </>
        )}
        {asks.people && (
          <Field id="supply-num" label={SUBMIT_COPY.people}>
            <input
              id="supply-num"
              type="number"
              min={PEOPLE.min}
              max={PEOPLE.max}
              value={form.num}
              onChange={(event) =>
                edit({
                  num: Math.max(PEOPLE.min, Math.min(PEOPLE.max, Number(event.target.value) || PEOPLE.min)),
                })
              }
            />
          </Field>
        )}
        <Field id="supply-time" label={SUBMIT_COPY.times[kind]} error={errors.time}>
          <BookingTimeField
            id="supply-time"
            kind={kind}
            value={form.time}
            onChange={(time) => edit({ time })}
          />
        </Field>
        {asks.address && (
          <Field id="supply-address" label={SUBMIT_COPY.address} error={errors.address}>
            <input maxLength={200} placeholder={SUBMIT_COPY.addressPlaceholder} {...text("address")} />
          </Field>
        )}
        <Field id="supply-memo" label={SUBMIT_COPY.memo}>
          <textarea maxLength={200} placeholder={SUBMIT_COPY.memoPlaceholder} {...text("memo")} />
        </Field>
      </section>
    </OrderPageFrame>
  );
}
