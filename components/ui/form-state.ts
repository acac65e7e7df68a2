/** What a form's server action answers: errors beside fields, or a message on top. */
export type FormState = {
  errors: Partial<Record<string, string>>;
  /** The values to put back in the form (never passwords). */
  values: Partial<Record<string, string>>;
  /** A message for the whole form; `ok` tells a success from an error. */
  message?: string;
  ok?: boolean;
  /** The e-mail belongs to an account: the message links to sign-in. */
  emailTaken?: boolean;
};

export const initialFormState: FormState = { errors: {}, values: {} };
