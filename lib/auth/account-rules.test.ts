import { describe, expect, it } from "vitest";
import {
  isValidEmail,
  isValidName,
  isValidPassword,
  isValidPhone,
  messages,
  NAME_PATTERN,
  PASSWORD_PATTERN,
  passwordsMatch,
  tooManyAttempts,
} from "./account-rules";
import { validatePasswordChange, validateProfile, validateSignIn, validateSignUp } from "./account-schemas";

const validPasswords = ["Kijani#2024", "a1$^*&!b", "aaaaaaa1!", "1@Z45678", "Abcdefghijklmnopq1!x", "ZZZZZZZ9^", "p4ss&word*"];
const invalidPasswords = [
  "",
  "Short1!", // 7 characters
  "Abcdefghijklmnopqr1!x", // 21 characters
  "abcdefgh1", // no special
  "abcdefgh!", // no digit
  "12345678!", // no letter
  "Kijani 2024!", // a space
  "Kijani2024?", // a special outside the list
  "Kijani_2024",
  "Kijani-2024!",
  "Kijäni#2024", // a letter outside A-Z
  "Kijani#2024\n",
];

describe("password", () => {
  it.each(validPasswords)("accepts %j", (value) => expect(isValidPassword(value)).toBe(true));
  it.each(invalidPasswords)("refuses %j", (value) => expect(isValidPassword(value)).toBe(false));

  it("compiles for the pattern attribute under the v flag, as browsers do, with the same verdicts", () => {
    // The HTML standard: new RegExp("^(?:" + pattern + ")$", "v").
    const asBrowsers = new RegExp(`^(?:${PASSWORD_PATTERN})$`, "v");
    const withU = new RegExp(`^(?:${PASSWORD_PATTERN})$`, "u");
    for (const value of [...validPasswords, ...invalidPasswords]) {
      expect(asBrowsers.test(value)).toBe(isValidPassword(value));
      expect(withU.test(value)).toBe(isValidPassword(value));
    }
  });
});

describe("confirmation", () => {
  it("compares as a plain string, so regular-expression characters match themselves", () => {
    expect(passwordsMatch("a1$^*&!b", "a1$^*&!b")).toBe(true);
    expect(passwordsMatch(".*", "anything")).toBe(false);
    expect(passwordsMatch("Kijani#2024", "kijani#2024")).toBe(false);
  });
});

describe("email", () => {
  it.each(["wanjiku@example.com", "w.kamau+shop@mail.co.ke", "a@b", "x_y@sub-domain.example.org"])("accepts %j", (value) =>
    expect(isValidEmail(value)).toBe(true),
  );
  it.each([
    "",
    "wanjiku",
    "wanjiku@",
    "@example.com",
    "wan jiku@example.com",
    "a@@b.com",
    "a@-example.com",
    "a@example..com",
    " a@b.com",
  ])("refuses %j", (value) => expect(isValidEmail(value)).toBe(false));
});

describe("names and phone", () => {
  it("need something other than white space", () => {
    expect(new RegExp(`^(?:${NAME_PATTERN})$`, "v").test("Wanjiku")).toBe(true);
    for (const value of ["Wanjiku", "O'Brien", "wa Njeri", "Ng'ang'a"]) expect(isValidName(value)).toBe(true);
    for (const value of ["", " ", "\t"]) expect(isValidName(value)).toBe(false);
    expect(isValidPhone("+254 712 345 678")).toBe(true);
    expect(isValidPhone("  ")).toBe(false);
  });
});

describe("whole forms", () => {
  const signUp = {
    firstname: "Wanjiku",
    lastname: "Kamau",
    email: "wanjiku@example.com",
    phone: "0712345678",
    password: "a1$^*&!b",
    confirmpassword: "a1$^*&!b",
  };

  it("sign-up: no errors for a valid form, the exact message per invalid field", () => {
    expect(validateSignUp(signUp)).toEqual({});
    expect(
      validateSignUp({ firstname: " ", lastname: "", email: "x", phone: "", password: "short", confirmpassword: "other" }),
    ).toEqual({
      firstname: messages.name,
      lastname: messages.name,
      email: messages.email,
      phone: messages.phone,
      password: messages.password,
      confirmpassword: messages.confirmpassword,
    });
    expect(validateSignUp({ ...signUp, confirmpassword: "" })).toEqual({ confirmpassword: messages.confirmpassword });
  });

  it("sign-in, profile and password change", () => {
    expect(validateSignIn({ email: "wanjiku@example.com", password: "Kijani#2024" })).toEqual({});
    expect(validateSignIn({ email: "", password: "" })).toEqual({ email: messages.email, password: messages.password });
    expect(validateProfile({ firstname: "A", lastname: " ", phone: "" })).toEqual({
      lastname: messages.name,
      phone: messages.phone,
    });
    expect(validatePasswordChange({ currentpassword: "", password: "Kijani#2024", confirmpassword: "Kijani#2025" })).toEqual({
      currentpassword: messages.password,
      confirmpassword: messages.confirmpassword,
    });
  });

  it("says how long to wait", () => {
    expect(tooManyAttempts(15)).toBe("Too many attempts. Try again in 15 minutes.");
    expect(tooManyAttempts(1)).toBe("Too many attempts. Try again in 1 minute.");
  });
});
