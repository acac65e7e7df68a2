// The rules a form shares with the browser are written with zod/mini, whose functions tree-shake to the
// ones the shop's forms use: 18.6 kB compressed for all of them, where classic zod's chainable methods
// brought all of zod (31.5 kB). `npm run check:client-chunks` keeps classic zod out of the browser's chunks.
import { pipe, safeParse, transform, type core } from "zod/mini";

/** Each field's first message, keyed by the field's name; empty when the values pass. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/**
 * A form's rules as a validator the browser and the server share: the schema's first message for
 * each field. The same function drives the browser's checks (useFormRules) and the action's answer.
 */
export function fieldErrorsOf<F extends string>(schema: core.$ZodType) {
  return (values: Partial<Record<F, unknown>>): FieldErrors<F> => {
    const result = safeParse(schema, values);
    return result.success ? {} : firstMessages<F>(result.error.issues);
  };
}

/** The values parsed by a form's schema, or each field's first message. */
export function parseFormValues<Output, F extends string>(
  schema: core.$ZodType<Output>,
  values: Partial<Record<F, unknown>>,
): { ok: true; data: Output } | { ok: false; errors: FieldErrors<F> } {
  const result = safeParse(schema, values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: firstMessages<F>(result.error.issues) };
}

function firstMessages<F extends string>(issues: readonly core.$ZodIssue[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors)) errors[field as F] = issue.message;
  }
  return errors;
}

/** zod/mini has no `preprocess`: the same, as classic zod defines it (a transform piped into the schema). */
export function preprocess<T extends core.$ZodType>(prepare: (value: unknown) => unknown, schema: T) {
  return pipe(transform(prepare), schema);
}

/**
 * zod/mini's transforms have no `context.addIssue`: the same, as classic zod's does it (a custom
 * issue on the value being transformed, under `field` when given).
 */
export function addIssue(context: core.ParsePayload, message: string, field?: string): void {
  context.issues.push({ code: "custom", message, input: context.value, ...(field === undefined ? {} : { path: [field] }) });
}
