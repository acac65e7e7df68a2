"use server";

import { revalidatePath } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { newOrderEmailsSchema, setNewOrderEmails, staffAlertMessages } from "@/lib/notifications/staff-alerts";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

const section = backOfficeSections.notifications;

/** Switches this member's e-mail for every new order on or off. */
export const saveNewOrderEmails = staffAction(
  "saveNewOrderEmails",
  section,
  async (member, previous: FormState, formData: FormData) => {
    const choice = newOrderEmailsSchema.safeParse({ newOrderEmails: formData.get("newOrderEmails") ?? undefined });
    if (!choice.success) return formAnswer(previous, { ok: false, message: staffAlertMessages.unknownChoice });
    const wanted = choice.data.newOrderEmails === "on";
    await setNewOrderEmails(await getDb(), member.id, wanted);
    revalidatePath(section.path);
    return formAnswer(previous, { ok: true, message: staffAlertMessages.saved(wanted) });
  },
  failedAnswer,
);
