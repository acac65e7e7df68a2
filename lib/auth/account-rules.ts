/**
 * The account forms' rules and messages, shared by the browser (constraint validation)
 * and the server (the same checks again). Framework-free on purpose, and free of zod: the forms
 * render with these, and load their schemas (account-schemas.ts) only when a shopper touches them.
 */
import type { FieldErrors } from "@/lib/core/form-schema";

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

/** The first admin's button (app/(shop)/setup) says what it does; sign-up's keeps the design's 'Submit'. */
export const setupButton = "Create the admin's account";

/** What a shopper reads right after signing up (components/auth/CheckEmailNotice.tsx). */
export const checkEmailCopy = {
  title: "Check your e-mail",
  sentTo: "We sent a link to",
  todo: "Open it to confirm your address. Not there in a few minutes? Look in your spam folder.",
  dismiss: "Dismiss",
} as const;

/** 'Too many attempts. Try again in N minutes.' */
export const tooManyAttempts = (minutes: number) =>
  `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;

/** The specials a password may and must use: ! @ # $ % ^ & * */
export const PASSWORD_SPECIALS = "!@#$%^&*";

/**
 * The rule in words, shown beside a new password's field before the first try (the first admin's,
 * reset and account forms; the sign-up form keeps its design, which says it only when refused).
 */
export const passwordRule = `8 to 20 characters: at least 1 letter, 1 number and 1 of ${[...PASSWORD_SPECIALS].join(" ")} (no spaces or other symbols).`;

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
export type { FieldErrors };

export const signUpFields: readonly SignUpField[] = ["firstname", "lastname", "email", "phone", "password", "confirmpassword"];
