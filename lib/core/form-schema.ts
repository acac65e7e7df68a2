// The rules a form shares with the browser are written with zod/mini, whose functions tree-shake to the
// ones the shop's forms use: 18.6 kB compressed for all of them, where classic zod's chainable methods
// brought all of zod (31.5 kB). `npm run check:client-chunks` keeps classic zod out of the browser's chunks.
import { pipe, safeParse, transform, type core } from "zod/mini";
import { controlCharacterMessage, hasControlCharacter } from "./control-characters";

/** Each field's first message, keyed by the field's name; empty when the values pass. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/**
 * A form's rules as a validator the browser and the server share: the schema's first message for
 * each field, else the control-character message for a field that holds one (hasControlCharacter).
 * The same function drives the browser's checks (useFormRules) and the action's answer.
 */
export function fieldErrorsOf<F extends string>(schema: core.$ZodType) {
  return (values: Partial<Record<F, unknown>>): FieldErrors<F> => {
    const result = safeParse(schema, values);
    return { ...controlCharacterErrors(values), ...(result.success ? {} : firstMessages<F>(result.error.issues)) };
  };
}

/** The values parsed by a form's schema, or each field's first message (a control character's too, as above). */
export function parseFormValues<Output, F extends string>(
  schema: core.$ZodType<Output>,
  values: Partial<Record<F, unknown>>,
): { ok: true; data: Output } | { ok: false; errors: FieldErrors<F> } {
  const control = controlCharacterErrors(values);
  const result = safeParse(schema, values);
  if (result.success && Object.keys(control).length === 0) return { ok: true, data: result.data };
  return { ok: false, errors: { ...control, ...(result.success ? {} : firstMessages<F>(result.error.issues)) } };
}

/** The control-character message under each field whose text (or any of whose texts) holds one. */
function controlCharacterErrors<F extends string>(values: Partial<Record<F, unknown>>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, value] of Object.entries(values) as [F, unknown][]) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === "string" && hasControlCharacter(text))) errors[field] = controlCharacterMessage;
  }
  return errors;
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
