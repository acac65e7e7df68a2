import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf, parseFormValues } from "./form-schema";

const schema = z
  .object({
    name: z.string().trim().min(1, "Enter a name.").max(5, "At most 5 characters."),
    code: z.string().regex(/^\d+$/, "Digits only."),
    again: z.string(),
  })
  .superRefine((values, context) => {
    if (values.again !== values.code) context.addIssue({ code: "custom", path: ["again"], message: "Codes differ." });
  });

describe("fieldErrorsOf", () => {
  const validate = fieldErrorsOf<"name" | "code" | "again">(schema);

  it("is empty when the values pass", () => {
    expect(validate({ name: "Amani", code: "42", again: "42" })).toEqual({});
  });

  it("gives each failing field its schema's message, the form-wide rule's too, all at once", () => {
    expect(validate({ name: " ", code: "4x", again: "4" })).toEqual({
      name: "Enter a name.",
      code: "Digits only.",
      again: "Codes differ.",
    });
  });

  it("keeps a field's first message when it breaks several rules", () => {
    const twoRules = fieldErrorsOf<"code">(z.object({ code: z.string().min(1, "Enter a code.").regex(/^\d+$/, "Digits only.") }));
    expect(twoRules({ code: "" })).toEqual({ code: "Enter a code." });
  });
});

describe("parseFormValues", () => {
  it("gives the schema's output when the values pass", () => {
    expect(parseFormValues(schema, { name: " Amani ", code: "7", again: "7" })).toEqual({
      ok: true,
      data: { name: "Amani", code: "7", again: "7" },
    });
  });

  it("gives the same errors as the browser's validator when they do not", () => {
    const values = { name: "Too long a name", code: "", again: "1" };
    expect(parseFormValues(schema, values)).toEqual({ ok: false, errors: fieldErrorsOf(schema)(values) });
  });
});
