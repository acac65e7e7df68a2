import { describe, expect, it } from "vitest";
import { z as classic } from "zod";
import * as z from "zod/mini";
import { addIssue, fieldErrorsOf, parseFormValues, preprocess } from "./form-schema";

const schema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, "Enter a name."), z.maxLength(5, "At most 5 characters.")),
    code: z.string().check(z.regex(/^\d+$/, "Digits only.")),
    again: z.string(),
  })
  .check(
    z.superRefine((values, context) => {
      if (values.again !== values.code) context.addIssue({ code: "custom", path: ["again"], message: "Codes differ." });
    }),
  );

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
    const twoRules = fieldErrorsOf<"code">(
      z.object({ code: z.string().check(z.minLength(1, "Enter a code."), z.regex(/^\d+$/, "Digits only.")) }),
    );
    expect(twoRules({ code: "" })).toEqual({ code: "Enter a code." });
  });

  it("takes classic zod's schemas too (the server's own inputs)", () => {
    const validateClassic = fieldErrorsOf<"code">(classic.object({ code: classic.string().min(1, "Enter a code.") }));
    expect(validateClassic({ code: "" })).toEqual({ code: "Enter a code." });
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

// zod/mini lacks both helpers; each must do what classic zod's own does.
describe("the helpers zod/mini lacks", () => {
  const asText = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const inputs = [" 42 ", "", 7, null, undefined, { code: "1" }];

  it("preprocess prepares the value before the schema, as classic's z.preprocess", () => {
    const mini = preprocess(asText, z.string().check(z.minLength(1, "Enter a code.")));
    const reference = classic.preprocess(asText, classic.string().min(1, "Enter a code."));
    for (const input of inputs) {
      const [ours, theirs] = [z.safeParse(mini, input), reference.safeParse(input)];
      expect(ours.success).toBe(theirs.success);
      expect(ours.data).toEqual(theirs.data);
      expect(ours.error?.issues).toEqual(theirs.error?.issues);
    }
  });

  it("addIssue refuses inside a transform with the issue classic's context.addIssue records", () => {
    const refuseOdd = (field?: string) => (value: number, context: Parameters<typeof addIssue>[0]) => {
      if (value % 2) addIssue(context, "Even numbers only.", field);
      return value;
    };
    for (const field of [undefined, "quantity"]) {
      const mini = z.pipe(z.number(), z.transform(refuseOdd(field)));
      const reference = classic.number().transform((value, context) => {
        if (value % 2) context.addIssue({ code: "custom", message: "Even numbers only.", ...(field ? { path: [field] } : {}) });
        return value;
      });
      expect(z.safeParse(mini, 4)).toMatchObject({ success: true, data: 4 });
      const [ours, theirs] = [z.safeParse(mini, 3).error!.issues, reference.safeParse(3).error!.issues];
      expect(ours).toEqual(theirs);
      expect(ours).toEqual([{ code: "custom", message: "Even numbers only.", path: field ? [field] : [] }]);
    }
  });
});
