/** What every form's server action answers: errors beside fields, or a message on top. */
export type FormState<Data = undefined> = {
  errors: Partial<Record<string, string>>;
  /** The values to put back in the form (never passwords). */
  values: Partial<Record<string, string>>;
  /** A message for the whole form; `ok` tells a success from an error. */
  message?: string;
  ok?: boolean;
  /** Counts the answers, so a form rebuilds its fields or announces a repeated message with each one. */
  submission: number;
  /** What else this form shows with the answer (the lines that ran out, a new secret…). */
  data?: Data;
};

export const initialFormState: FormState = { errors: {}, values: {}, submission: 0 };

/** A form's first state, before any answer; `values` fill its fields. */
export function startingFormState<Data = undefined>(values: FormState["values"] = {}): FormState<Data> {
  return { errors: {}, values, submission: 0 };
}

/** The next answer to a form: nothing unsaid, and the answer counted on from the previous one. */
export function formAnswer<Data>(
  previous: FormState<Data>,
  answer: Partial<Omit<FormState<Data>, "submission">>,
): FormState<Data> {
  return { errors: {}, values: {}, ...answer, submission: previous.submission + 1 };
}

/** The message for a failure nobody expected; the details go to the server's log. */
export const unexpectedFailure = "Something went wrong. Please try again.";

/** The answer after an unexpected failure, for an action wrapper to give instead of an error page. */
export function failedAnswer<Data>(previous: FormState<Data>): FormState<Data> {
  return formAnswer(previous, { ok: false, message: unexpectedFailure });
}
