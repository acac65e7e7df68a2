import * as z from "zod/mini";
import { staffRoles } from "@/lib/auth/roles";
import { fieldErrorsOf, type FieldErrors } from "@/lib/core/form-schema";

// The back office's 'Give someone a role' form: its rules and messages, shared by the browser and the server.

export const grantMessages = {
  email: "Enter the person's e-mail address.",
  role: `Choose a role: ${staffRoles.join(", ")}.`,
} as const;

/** An address (trimmed, lower-cased, as accounts keep it) and a known role. */
export const staffGrantSchema = z.object({
  email: z.pipe(
    z.string({ error: grantMessages.email }).check(z.trim(), z.minLength(1, grantMessages.email)),
    z.transform((email) => email.toLowerCase()),
  ),
  role: z.enum(staffRoles, { error: grantMessages.role }),
});

export type StaffGrantField = keyof z.input<typeof staffGrantSchema>;
export type StaffGrantErrors = FieldErrors<StaffGrantField>;

export const staffGrantErrors = fieldErrorsOf<StaffGrantField>(staffGrantSchema);
