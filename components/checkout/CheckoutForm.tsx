"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import { useActionState, useState, type ReactNode } from "react";
import { CheckboxField } from "@/components/ui/CheckboxField";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField } from "@/components/ui/SelectField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { TextAreaField } from "@/components/ui/TextAreaField";
import { startingFormState, type FormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { COUNTIES, isCounty, type County } from "@/lib/checkout/counties";
import { deliveryEstimate, feeRange, formatFeeRange, type DeliveryRate } from "@/lib/checkout/delivery";
import {
  amountToFreeDelivery,
  chargedRate,
  formatFee,
  freeDeliveryNudge,
  fulfilmentQuote,
  type FulfilmentOption,
  type PickupPoint,
} from "@/lib/checkout/fulfilment-fee";
import { COLLECT_AT_MAX_LENGTH, DELIVERY_MAX_LENGTH, PHONE_PATTERN, type DeliveryField } from "@/lib/checkout/delivery-details";
import { carrierPromise, payOnDeliveryMessages, type CountyCarriage } from "@/lib/couriers/carriage-words";
import type { FulfilmentKind } from "@/lib/db/values";
import { payOnArrival } from "@/lib/orders/payment-copy";
import { smsLabels } from "@/lib/orders/sms-labels";
import { consentCopy } from "@/lib/winback/consent-copy";
import { whatsappChoiceCopy } from "@/lib/whatsapp/choice-copy";
import { buyerPinLabel } from "@/lib/tax/kra-pin";
import { placeOrderAction, saveCheckoutDetailsAction, type CheckoutRefusal } from "./actions";
import { FulfilmentChoice } from "./FulfilmentChoice";
import { PaymentChoice } from "./PaymentChoice";
import type { OfferedPayments } from "@/lib/payments/choice";
import { SummaryTotals, type AppliedDiscount } from "./SummaryLines";

const checkoutRules: LoadRules = () => import("@/lib/checkout/delivery-details").then((module) => module.validateCheckout);
const phoneFirstRules: LoadRules = () =>
  import("@/lib/checkout/delivery-details").then((module) => module.validatePhoneFirstCheckout);

type Props = {
  /** One per render of the checkout page; every submission of this form sends it back. */
  idempotencyKey: string;
  prefill: Partial<Record<DeliveryField | "smsUpdates" | "whatsappUpdates", string>>;
  canSaveDetails: boolean;
  /** The ways to pay ahead that are set up (M-Pesa the default), offered beside pay on delivery. */
  offered: OfferedPayments;
  /** SMS is set up: offer order texts (ticked by default). */
  smsOffered: boolean;
  /** WhatsApp is set up: offer order updates there (never ticked unless the account chose it). */
  whatsappOffered: boolean;
  subtotal: number;
  /** Each county's delivery rate, read as the page rendered: the one shown is the one charged. */
  rates: Partial<Record<County, DeliveryRate>>;
  /** Who carries each county's orders, and whether it offers pay on delivery (lib/couriers). */
  carriage: Partial<Record<County, CountyCarriage>>;
  /** The pickup points on offer, read as the page rendered; none: delivery only. */
  pickupPoints: PickupPoint[];
  /** Goods (after the discount) from this amount travel free; null: no free delivery. */
  freeDeliveryThreshold: number | null;
  /** The cart's discount code while it applies (lib/discounts), checked again when the order is placed. */
  discount: AppliedDiscount | null;
  /** The cart's lines, rendered on the server. */
  lines: ReactNode;
};

/**
 * The checkout: delivery details checked by the shared rules in the browser and again on
 * the server, the summary whose delivery fee follows the county, payment and 'Place order'.
 * A plain form post without JavaScript.
 */
export function CheckoutForm({
  idempotencyKey,
  prefill,
  canSaveDetails,
  offered,
  smsOffered,
  whatsappOffered,
  subtotal,
  rates,
  carriage,
  pickupPoints,
  freeDeliveryThreshold,
  discount,
  lines,
}: Props) {
  const [state, action] = useActionState(placeOrderAction, startingFormState<CheckoutRefusal>(prefill));
  // With texts on offer, the phone is enough: the e-mail address becomes optional (the same rule as the server's).
  const { formProps, errorFor } = useFormRules(smsOffered ? phoneFirstRules : checkoutRules, state);
  // The county, delivery or pickup and the point picked since the last answer; an answer puts back the ones it was sent with.
  const [picked, setPicked] = useState({ for: state, values: {} as Partial<Record<PickedField, string>> });
  const valueOf = (name: PickedField) => (picked.for === state ? picked.values[name] : undefined) ?? state.values[name] ?? "";
  const county = valueOf("county");
  const pickup = pickupPoints.length > 0 && valueOf("fulfilment") === "pickup";
  const fulfilment: FulfilmentKind = pickup ? "pickup" : "delivery";
  const point = pickupPoints.find((candidate) => String(candidate.id) === valueOf("pickupPoint")) ?? pickupPoints[0];
  const rate = (isCounty(county) && rates[county]) || null;
  const carried = (isCounty(county) && carriage[county]) || null;
  // A pickup point takes payment on collection; a delivery pays on arrival unless its county (once chosen) does not offer it.
  const payOnDelivery = pickup || (carried?.payOnDelivery ?? true);
  const delivery: FulfilmentOption | null = rate && { kind: "delivery", county: county as County, rate };
  const option: FulfilmentOption | null = pickup ? { kind: "pickup", point } : delivery;
  const goods = subtotal - (discount?.amount ?? 0);
  const charged = option && chargedRate(option, goods, freeDeliveryThreshold);
  const feeRangeText = `Delivery: ${formatFeeRange(feeRange(Object.values(rates)))}.`;
  const toFreeDelivery = amountToFreeDelivery(goods, freeDeliveryThreshold);
  const [deliveryPhone, setDeliveryPhone] = useState({ for: state, phone: state.values.phone ?? "" });
  const field = (name: DeliveryField) => ({
    name,
    maxLength: DELIVERY_MAX_LENGTH[name],
    defaultValue: state.values[name],
    error: errorFor(name),
  });

  // Not 'required' in the page: pickup leaves them empty. The shared rules ask for them for delivery.
  const address = (
    <>
      {/* A select takes its defaultValue only when mounted: a new one per answer shows the county sent back. */}
      <SelectField
        key={state.submission}
        name="county"
        label="County"
        required={false}
        defaultValue={state.values.county ?? ""}
        placeholder={{ value: "", label: "Choose your county" }}
        options={countyOptions}
        hint={delivery ? rateText(chargedRate(delivery, goods, freeDeliveryThreshold)) : feeRangeText}
        error={errorFor("county")}
      />
      {carried && (
        <p className="-mt-1 mb-2 text-sm text-stone-900" data-testid="carrier-promise">
          {carrierPromise[carried.carrier]}
        </p>
      )}
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Field label="Town" autoComplete="address-level2" {...field("town")} required={false} />
        <Field label="Street or building" autoComplete="address-line1" {...field("street")} required={false} />
      </div>
      {carried?.carrier === "courier" && (
        <Field
          name="collectAt"
          label="Courier office or town where you will collect (optional)"
          required={false}
          maxLength={COLLECT_AT_MAX_LENGTH}
          defaultValue={state.values.collectAt}
          error={errorFor("collectAt")}
        />
      )}
    </>
  );

  return (
    <form
      action={action}
      {...formProps}
      onBlur={(event) => {
        formProps.onBlur(event);
        if (event.target instanceof HTMLInputElement && savedOnBlur.includes(event.target.name)) saveDetails(event.currentTarget);
      }}
      onChange={({ target, currentTarget }) => {
        if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
        if (target.name === "marketingConsent") saveDetails(currentTarget);
        if (!pickedFields.includes(target.name as PickedField)) return;
        setPicked((previous) => ({
          for: state,
          values: { ...(previous.for === state ? previous.values : {}), [target.name]: target.value },
        }));
      }}
      aria-label="Checkout"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
    >
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {/* The subtotal the shopper saw: if a price changed since, nothing is placed and the new total shows. */}
      <input type="hidden" name="expectedSubtotal" value={subtotal} />
      {/* The fee shown: without JavaScript a county or point picked since the page rendered is quoted first. */}
      <input type="hidden" name="deliveryQuote" value={option && charged ? fulfilmentQuote(option, charged) : ""} />
      <div className="lg:col-span-2">
        <FormMessage message={state.message}>
          <Refusal state={state} />
        </FormMessage>
      </div>

      <section aria-labelledby="delivery-title" className={cardClass}>
        <h2 id="delivery-title" className="mb-3 text-lg font-semibold text-stone-900">
          Your details
        </h2>
        <div className="flex flex-col gap-1">
          <Field label="Full name" autoComplete="name" {...field("fullName")} />
          <div className="grid gap-x-3 sm:grid-cols-2">
            <Field
              label="Phone"
              type="tel"
              autoComplete="tel"
              pattern={PHONE_PATTERN}
              onChange={(event) => setDeliveryPhone({ for: state, phone: event.target.value })}
              {...field("phone")}
            />
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              hint={smsOffered ? smsLabels.emailOptional : undefined}
              {...field("email")}
              required={!smsOffered}
            />
          </div>
          {pickupPoints.length > 0 ? (
            <FulfilmentChoice
              key={state.submission}
              values={state.values}
              points={pickupPoints}
              address={address}
              error={errorFor("pickupPoint")}
            />
          ) : (
            address
          )}
          <TextAreaField
            name="notes"
            rows={3}
            maxLength={DELIVERY_MAX_LENGTH.notes}
            defaultValue={state.values.notes}
            {...notesField[fulfilment]}
            error={errorFor("notes")}
          />
          <Field
            name="buyerPin"
            label={buyerPinLabel}
            required={false}
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="For a business: your PIN is printed on your tax invoice."
            defaultValue={state.values.buyerPin}
            error={errorFor("buyerPin")}
          />
          {smsOffered && (
            <CheckboxField
              // Its own key: the county's select beside it is keyed by the answer too.
              key={`sms-${state.submission}`}
              name="smsUpdates"
              label={smsLabels.checkout}
              hint={smsLabels.checkoutHint}
              defaultChecked={state.values.smsUpdates === "on"}
            />
          )}
          {whatsappOffered && (
            <CheckboxField
              key={`whatsapp-${state.submission}`}
              name="whatsappUpdates"
              label={whatsappChoiceCopy.label}
              hint={whatsappChoiceCopy.checkoutHint}
              defaultChecked={state.values.whatsappUpdates === "on"}
            />
          )}
          <CheckboxField
            key={`marketing-${state.submission}`}
            name="marketingConsent"
            label={consentCopy.checkout}
            hint={consentCopy.checkoutHint}
            defaultChecked={state.values.marketingConsent === "on"}
          />
          {canSaveDetails && (
            <label className="flex items-center gap-2 text-stone-900">
              <input
                type="checkbox"
                name="saveDetails"
                defaultChecked={state.values.saveDetails === "on"}
                className="h-5 w-5 accent-green-800"
              />
              Save these details for next time
            </label>
          )}
        </div>
      </section>

      <section aria-labelledby="summary-title" className={cardClass}>
        <h2 id="summary-title" className="mb-1 text-lg font-semibold text-stone-900">
          Order summary
        </h2>
        {lines}
        <SummaryTotals
          subtotal={subtotal}
          discount={discount}
          deliveryFee={charged?.fee ?? null}
          deliveryLabel={pickup ? "Pickup" : "Delivery"}
          note={toFreeDelivery === null ? null : freeDeliveryNudge(toFreeDelivery)}
        />
        <h3 className="mt-5 font-semibold text-stone-900">Payment</h3>
        {offered.mpesa || offered.pesapal ? (
          <PaymentChoice
            key={state.submission}
            offered={offered}
            fulfilment={fulfilment}
            payOnDelivery={payOnDelivery}
            deliveryPhone={deliveryPhone.for === state ? deliveryPhone.phone : (state.values.phone ?? "")}
            values={state.values}
            error={state.errors.mpesaPhone}
          />
        ) : payOnDelivery ? (
          <>
            <p className="mt-1 font-medium text-stone-900">{payOnArrival[fulfilment].label}</p>
            <p className="mb-4 text-sm text-stone-700">{payOnArrival[fulfilment].note}</p>
          </>
        ) : (
          <p className="mb-4 mt-1 text-stone-900">{payOnDeliveryMessages.notOffered(county as County)}</p>
        )}
        <SubmitButton pendingText="Placing order…">Place order</SubmitButton>
      </section>
    </form>
  );
}

/** What follows a refusal's message: the lines that ran short, or where to go next. */
function Refusal({ state }: { state: FormState<CheckoutRefusal> }) {
  const refusal = state.data;
  if (refusal?.shortLines?.length) {
    return (
      <>
        <ul className="my-2 list-disc pl-5">
          {refusal.shortLines.map((line) => (
            <li key={line.variantId}>
              {line.productName}
              {line.variantLabel && ` (${line.variantLabel})`}: you asked for {line.requested},{" "}
              {line.available === 0 ? "none are" : `only ${line.available}`} left.
            </li>
          ))}
        </ul>
        <ShopLink href="/cart" className="font-medium underline">
          Review your cart
        </ShopLink>
      </>
    );
  }
  if (refusal?.emptyCart) {
    return (
      <>
        {" "}
        <ShopLink href="/products" className="font-medium underline">
          Continue shopping
        </ShopLink>
      </>
    );
  }
  return null;
}

const countyOptions = COUNTIES.map((name) => ({ value: name, label: name }));

const rateText = (rate: DeliveryRate) => `Delivery: ${formatFee(rate.fee)}, ${deliveryEstimate(rate).toLowerCase()}.`;

/** The fields whose choice changes the summary's fee. */
/** A rider needs the way to the door; a pickup point only who comes and when. */
const notesField: Record<FulfilmentKind, { label: string; placeholder: string }> = {
  delivery: { label: "Delivery notes (optional)", placeholder: "Gate colour, landmark, best time to call…" },
  pickup: { label: "Notes for the pickup point (optional)", placeholder: "Who collects, best time to call…" },
};

/** The fields an unfinished checkout's reminder needs, saved as the shopper leaves them (the offers box as it changes). */
const savedOnBlur = ["phone", "email"];
const saveDetails = (form: HTMLFormElement) => void saveCheckoutDetailsAction(new FormData(form));

const pickedFields = ["county", "fulfilment", "pickupPoint"] as const;
type PickedField = (typeof pickedFields)[number];

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6";
