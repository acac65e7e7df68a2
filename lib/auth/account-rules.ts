/**
 * The account forms' rules and messages, shared by the browser (constraint validation)
 * and the server (the same checks again). Framework-free on purpose.
 */

export const messages = {
  email: "It should be a valid email.",
  password: "Password should be 8-20 characters and include at least 1 letter, 1 number and 1 special character!",
  name: "It should be a valid name.",
  phone: "It should be a valid phone number.",
  confirmpassword: "Passwords don't match.",
} as const;

/** What the server answers when the form's rules pass but the request cannot. */
export const serverMessages = {
  invalidCredentials: "Invalid email or password.",
  emailTaken: "An account with this email already exists.",
  resetRequested: "If an account exists for that email, we've sent a link to reset your password.",
  resetLinkInvalid: "This reset link is invalid, expired or already used. Ask for a new one.",
  passwordReset: "Your password has been changed. You can now sign in with it.",
  currentPasswordWrong: "Your current password is not correct.",
  profileSaved: "Your details have been saved.",
  passwordChanged: "Your password has been changed.",
  unexpected: "Something went wrong. Please try again.",
  codeMalformed: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  codeWrong: "That code is not right. Enter the current code from your authenticator app.",
  codeExpired: "This sign-in has expired. Sign in again with your email and password.",
  codeLocked: "Too many wrong codes. Wait a few minutes, then sign in again.",
} as const;

/** 'Too many attempts. Try again in N minutes.' */
export const tooManyAttempts = (minutes: number) =>
  `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;

/** The specials a password may and must use: ! @ # $ % ^ & * */
export const PASSWORD_SPECIALS = "!@#$%^&*";

/**
 * For the `pattern` attribute, which browsers compile with the `v` flag and anchor.
 * Written to mean the same under the `v` and `u` flags (no escapes that `v` reads differently).
 */
export const PASSWORD_PATTERN = "(?=.*[A-Za-z])(?=.*[0-9])(?=.*[!@#$%^&*])[A-Za-z0-9!@#$%^&*]{8,20}";

/** At least one character that is not white space. */
export const NAME_PATTERN = ".*\\S.*";

// The HTML standard's definition of a valid e-mail address, as `type="email"` checks it.
const EMAIL_REGEX =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const PASSWORD_REGEX = new RegExp(`^(?:${PASSWORD_PATTERN})$`, "v");
const NAME_REGEX = new RegExp(`^(?:${NAME_PATTERN})$`, "v");

export const isValidEmail = (value: string) => EMAIL_REGEX.test(value);
export const isValidPassword = (value: string) => PASSWORD_REGEX.test(value);
export const isValidName = (value: string) => NAME_REGEX.test(value);
export const isValidPhone = (value: string) => value.trim().length > 0;
/** A plain string comparison: never a pattern built from the password. */
export const passwordsMatch = (password: string, confirmation: string) => password === confirmation;

/** The longest value the server accepts in any field; a longer one fails the field's rule. */
export const MAX_FIELD_LENGTH = 200;

export type SignInField = "email" | "password";
export type SignUpField = "firstname" | "lastname" | "email" | "phone" | "password" | "confirmpassword";
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The message for one sign-up field, or null when it is valid. */
export function signUpFieldError(field: SignUpField, values: Record<SignUpField, string>): string | null {
  const value = values[field];
  switch (field) {
    case "firstname":
    case "lastname":
      return isValidName(value) ? null : messages.name;
    case "email":
      return isValidEmail(value) ? null : messages.email;
    case "phone":
      return isValidPhone(value) ? null : messages.phone;
    case "password":
      return isValidPassword(value) ? null : messages.password;
    case "confirmpassword":
      return value !== "" && passwordsMatch(values.password, value) ? null : messages.confirmpassword;
  }
}

export const signUpFields: readonly SignUpField[] = ["firstname", "lastname", "email", "phone", "password", "confirmpassword"];

/** Every sign-up error by field; empty when the form is valid. */
export function validateSignUp(values: Record<SignUpField, string>): FieldErrors<SignUpField> {
  const errors: FieldErrors<SignUpField> = {};
  for (const field of signUpFields) {
    const error = signUpFieldError(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Every sign-in error by field; empty when the form is valid. */
export function validateSignIn(values: Record<SignInField, string>): FieldErrors<SignInField> {
  const errors: FieldErrors<SignInField> = {};
  if (!isValidEmail(values.email)) errors.email = messages.email;
  if (!isValidPassword(values.password)) errors.password = messages.password;
  return errors;
}

/** The forgot-password form: one e-mail address. */
export function validateEmailOnly(values: { email: string }): FieldErrors<"email"> {
  return isValidEmail(values.email) ? {} : { email: messages.email };
}

/** A new password and its confirmation (reset and change password). */
export function validateNewPassword(values: {
  password: string;
  confirmpassword: string;
}): FieldErrors<"password" | "confirmpassword"> {
  const errors: FieldErrors<"password" | "confirmpassword"> = {};
  for (const field of ["password", "confirmpassword"] as const) {
    const error = signUpFieldError(field, { ...emptySignUp, ...values });
    if (error) errors[field] = error;
  }
  return errors;
}

/** Changing the password: the current one (set under the same rules), then the new one twice. */
export function validatePasswordChange(values: {
  currentpassword: string;
  password: string;
  confirmpassword: string;
}): FieldErrors<"currentpassword" | "password" | "confirmpassword"> {
  const errors: FieldErrors<"currentpassword" | "password" | "confirmpassword"> = validateNewPassword(values);
  if (!isValidPassword(values.currentpassword)) errors.currentpassword = messages.password;
  return errors;
}

/** The editable account details: names and phone. */
export function validateProfile(values: {
  firstname: string;
  lastname: string;
  phone: string;
}): FieldErrors<"firstname" | "lastname" | "phone"> {
  const errors: FieldErrors<"firstname" | "lastname" | "phone"> = {};
  for (const field of ["firstname", "lastname", "phone"] as const) {
    const error = signUpFieldError(field, { ...emptySignUp, ...values });
    if (error) errors[field] = error;
  }
  return errors;
}

const emptySignUp: Record<SignUpField, string> = {
  firstname: "",
  lastname: "",
  email: "",
  phone: "",
  password: "",
  confirmpassword: "",
};
