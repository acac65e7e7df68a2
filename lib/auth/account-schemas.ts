/**
 * The account forms' schemas, made of the field rules in account-rules.ts: the server's checks, and
 * the browser's once a shopper touches a form (useFormRules loads this module, and zod, then).
 */
import * as z from "zod/mini";
import { fieldErrorsOf } from "@/lib/core/form-schema";
import {
  isValidEmail,
  isValidName,
  isValidPassword,
  isValidPhone,
  messages,
  passwordsMatch,
  type SignInField,
  type SignUpField,
} from "./account-rules";

// Each field's rule, once; the forms' schemas below are made of them.
const email = z.string().check(z.refine(isValidEmail, messages.email));
const password = z.string().check(z.refine(isValidPassword, messages.password));
const name = z.string().check(z.refine(isValidName, messages.name));
const phone = z.string().check(z.refine(isValidPhone, messages.phone));
const confirmation = z.string();

/** The confirmation must repeat the password; checked beside the fields' own rules, so every error shows at once. */
const confirmed = z.superRefine((values: { password: string; confirmpassword: string }, context) => {
  if (values.confirmpassword === "" || !passwordsMatch(values.password, values.confirmpassword))
    context.addIssue({ code: "custom", path: ["confirmpassword"], message: messages.confirmpassword, input: values });
});

export const signUpSchema = z
  .object({ firstname: name, lastname: name, email, phone, password, confirmpassword: confirmation })
  .check(confirmed);
export const signInSchema = z.object({ email, password });
/** The forgot-password form: one e-mail address. */
export const emailOnlySchema = z.object({ email });
/** A new password and its confirmation (reset password). */
export const newPasswordSchema = z.object({ password, confirmpassword: confirmation }).check(confirmed);
/** Changing the password: the current one (set under the same rules), then the new one twice. */
export const passwordChangeSchema = z
  .object({ currentpassword: password, password, confirmpassword: confirmation })
  .check(confirmed);
/** The editable account details: names and phone. */
export const profileSchema = z.object({ firstname: name, lastname: name, phone });

// Each form's errors by field, for the browser's checks and the server's answer alike.
export const validateSignUp = fieldErrorsOf<SignUpField>(signUpSchema);
export const validateSignIn = fieldErrorsOf<SignInField>(signInSchema);
export const validateEmailOnly = fieldErrorsOf<"email">(emailOnlySchema);
export const validateNewPassword = fieldErrorsOf<"password" | "confirmpassword">(newPasswordSchema);
export const validatePasswordChange = fieldErrorsOf<"currentpassword" | "password" | "confirmpassword">(passwordChangeSchema);
export const validateProfile = fieldErrorsOf<"firstname" | "lastname" | "phone">(profileSchema);
