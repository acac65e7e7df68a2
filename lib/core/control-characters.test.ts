import { describe, expect, it } from "vitest";
import {
  validateEmailOnly,
  validateNewPassword,
  validatePasswordChange,
  validateProfile,
  validateSignIn,
  validateSignUp,
} from "@/lib/auth/account-schemas";
import { categoryFormErrors } from "@/lib/catalog/category-input";
import { productFormErrors } from "@/lib/catalog/product-input";
import { sizeChartFormErrors } from "@/lib/catalog/size-chart-rules";
import { validateCheckout } from "@/lib/checkout/delivery-details";
import { zoneRateErrors } from "@/lib/checkout/delivery-zone-rules";
import { pickupPointErrors } from "@/lib/checkout/pickup-point-rules";
import { discountCodeFormErrors } from "@/lib/discounts/code-input";
import { campaignFormErrors } from "@/lib/marketing/campaign-rules";
import { promotionFromForm } from "@/lib/marketing/promotion-rules";
import { validateFindOrder } from "@/lib/orders/find-order-rules";
import { refundRecordErrors } from "@/lib/orders/refund-rules";
import { statusChangeErrors } from "@/lib/orders/status-change-rules";
import { parseAlt } from "@/lib/photos/rules";
import { returnRequestSchema, returnStepSchema } from "@/lib/returns/rules";
import { moderationSchema, reviewSchema } from "@/lib/reviews/rules";
import { shopDetailsErrors } from "@/lib/shop-details/rules";
import { staffGrantErrors } from "@/lib/staff/grant-rules";
import { stockAdjustmentErrors } from "@/lib/stock/rules";
import { testCategories } from "@/lib/testing/fixtures";
import { controlCharacterMessage, hasControlCharacter } from "./control-characters";
import { fieldErrorsOf, parseFormValues, type FieldErrors } from "./form-schema";

type Errors = (values: Record<string, unknown>) => FieldErrors;

/** A schema parsed as an action parses it (lib/core/form-schema.ts parseFormValues). */
const parsedBy =
  (schema: Parameters<typeof parseFormValues>[0]): Errors =>
  (values) => {
    const parsed = parseFormValues(schema, values);
    return parsed.ok ? {} : parsed.errors;
  };

/**
 * Every form's free-text fields (issue 54, finding 12: a NUL byte in a review answered 500, in a
 * sign-up name "Something went wrong"). A new form's text fields belong here.
 */
const forms: [string, Errors, string[]][] = [
  ["sign-up", validateSignUp, ["firstname", "lastname", "email", "phone", "password"]],
  ["sign-in", validateSignIn, ["email", "password"]],
  ["forgot password", validateEmailOnly, ["email"]],
  ["new password", validateNewPassword, ["password"]],
  ["password change", validatePasswordChange, ["currentpassword", "password"]],
  ["profile", validateProfile, ["firstname", "lastname", "phone"]],
  ["checkout", validateCheckout, ["fullName", "phone", "email", "county", "town", "street", "notes", "kraPin"]],
  ["find your order", validateFindOrder, ["number", "phone"]],
  ["review", parsedBy(reviewSchema), ["title", "body"]],
  ["review reply", parsedBy(moderationSchema), ["reply"]],
  ["return request", parsedBy(returnRequestSchema), ["note"]],
  ["return step", parsedBy(returnStepSchema), ["reason"]],
  ["order status", statusChangeErrors, ["note"]],
  ["refund", refundRecordErrors, ["reference"]],
  ["stock adjustment", stockAdjustmentErrors, ["change", "reason"]],
  ["category", categoryFormErrors, ["name", "description"]],
  ["product", productFormErrors(testCategories), ["name", "description", "slug"]],
  ["size chart", sizeChartFormErrors(testCategories), ["category"]],
  ["discount code", discountCodeFormErrors(testCategories), ["code", "value", "minSubtotal"]],
  ["campaign", campaignFormErrors, ["name", "source"]],
  ["pickup point", pickupPointErrors, ["name", "address"]],
  ["delivery zone", zoneRateErrors, ["fee"]],
  ["shop details", shopDetailsErrors, ["phone", "whatsapp", "email", "street", "city", "hours", "instagram"]],
  ["staff grant", staffGrantErrors, ["email"]],
  [
    "photo alt text",
    (values) => {
      const parsed = parseAlt(values.alt);
      return parsed.ok ? {} : { alt: parsed.error };
    },
    ["alt"],
  ],
  [
    "promotion",
    (values) => {
      const parsed = promotionFromForm((name) => values[name]);
      const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
      return Object.fromEntries(
        Object.keys(values).map((field) => [field, messages.find((message) => message === controlCharacterMessage)]),
      );
    },
    ["heading", "blurb", "buttonLabel"],
  ],
];

describe("control characters in free text", () => {
  it("are the C0 controls and DEL, but tabs and line breaks", () => {
    for (const code of [0, 1, 7, 8, 11, 12, 27, 31, 127])
      expect(hasControlCharacter(`a${String.fromCharCode(code)}b`), String(code)).toBe(true);
    for (const text of ["Wanjiru Kamau", "two\nlines\r\n", "a\tb", "Ksh 1,500 — ok"])
      expect(hasControlCharacter(text)).toBe(false);
  });

  it.each(forms)("are refused in every text field of the %s form, with a message and no exception", (_form, errorsOf, fields) => {
    for (const field of fields) {
      for (const code of [0, 7, 27]) {
        const errors = errorsOf({ [field]: `Nairobi${String.fromCharCode(code)}` });
        expect(errors[field], `${field} with \\u${code.toString(16).padStart(4, "0")}`).toEqual(expect.any(String));
      }
    }
  });

  it("say which field holds one, beside the field's own rules", () => {
    const validate = fieldErrorsOf<"name">(reviewSchema);
    expect(validate({ name: "Wanjiru\u0000" }).name).toBe(controlCharacterMessage);
    expect(parsedBy(reviewSchema)({ lineId: "1", rating: "5", body: "Fits well\u0000" })).toEqual({
      body: controlCharacterMessage,
    });
    expect(parsedBy(reviewSchema)({ lineId: "1", rating: "5", body: "Fits well.\nWarm too." })).toEqual({});
  });
});
