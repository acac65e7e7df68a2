import { describe, expect, it } from "vitest";
import { deliveryFailureMessages } from "./delivery-failure";
import { STATUS_NOTE_MAX_LENGTH, statusChangeErrors, statusChangeSchema, statusMessages } from "./status-change-rules";

describe("the order steps' rules", () => {
  it("need a reason to cancel, and one from the list (with a note for 'Other') for a failed delivery", () => {
    expect(statusChangeErrors({ status: "cancelled", note: "  " })).toEqual({ note: statusMessages.reasonRequired });
    expect(statusChangeErrors({ status: "delivery_failed", note: "" })).toEqual({
      failureReason: deliveryFailureMessages.reason,
    });
    expect(statusChangeErrors({ status: "delivery_failed", failureReason: "other", note: "" })).toEqual({
      note: deliveryFailureMessages.note,
    });
    expect(statusChangeErrors({ status: "shipped" })).toEqual({ status: statusMessages.unknownStatus });
    expect(statusChangeErrors({ status: "confirmed" })).toEqual({});
  });

  it("keep a trimmed note within its length, led by a failed delivery's reason", () => {
    expect(statusChangeSchema.parse({ status: "delivery_failed", failureReason: "refused", note: " Wrong colour " })).toEqual({
      status: "delivery_failed",
      note: "Refused by the buyer. Wrong colour",
    });
    expect(statusChangeSchema.parse({ status: "cancelled", note: "x".repeat(600) }).note).toHaveLength(STATUS_NOTE_MAX_LENGTH);
  });
});
