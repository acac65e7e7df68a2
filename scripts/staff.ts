// npm run staff -- grant EMAIL ROLE | revoke EMAIL ROLE | list | resend-verification EMAIL | setup-link
// Gives any role, and prints the first admin's setup link. Works on a PostgreSQL server at any time,
// and on the embedded database while the shop is stopped (the data directory allows one process);
// while the shop runs, the setup link and the back office's Staff page do the same.
import { createAuth } from "@/lib/auth";
import { commandLine } from "@/lib/auth/actor";
import { authBaseURL } from "@/lib/auth/config";
import { staffRoleLabels, staffRoles } from "@/lib/auth/roles";
import type { Database } from "@/lib/db";
import { mailSent } from "@/lib/mail";
import { authSecret } from "@/lib/secrets";
import { backOfficeSections } from "@/lib/admin/sections";
import { DataDirInUse } from "@/lib/db/lock";
import { openShopDatabase } from "@/lib/server/database";
import { firstAdminSetupLink } from "@/lib/server/first-admin";
import { grantRole, listStaff, revokeRole, staffMessages } from "@/lib/staff/role-changes";

const usage = `Usage:
  npm run staff -- grant EMAIL ROLE            give an account a role (${staffRoles.join(", ")}), or invite an address with none
  npm run staff -- revoke EMAIL ROLE           take a role away and end that person's sessions
  npm run staff -- list                        show everyone with a role
  npm run staff -- resend-verification EMAIL   send an account's address-verification e-mail again
  npm run staff -- setup-link                  print the link that creates the first admin (while there is none)`;

const alreadyHasAdmin = `The shop already has an admin: they give roles on the back office's ${backOfficeSections.staff.label} page (${backOfficeSections.staff.path}).`;

/** The embedded database is the running shop's: what to do instead, in the owner's words. */
function whileTheShopRuns(error: DataDirInUse) {
  return [
    `The shop is running (process ${error.owner}) and holds the embedded database in ${error.dataDir}, which allows one process at a time. Either:`,
    `- while the shop has no admin, open the setup link it printed when it started, to create the first admin's account;`,
    `- as an admin, give and take roles on the back office's ${backOfficeSections.staff.label} page (${backOfficeSections.staff.path});`,
    `- or stop the shop (Ctrl+C in its terminal, or kill -TERM ${error.owner}), run this command again, then start the shop with npm start.`,
  ].join("\n");
}

const [command, email, role] = process.argv.slice(2);
const valid =
  command === "list" ||
  command === "setup-link" ||
  (command === "resend-verification" && email) ||
  ((command === "grant" || command === "revoke") && email && role);
if (!valid) {
  console.error(usage);
  process.exit(2);
}

const connection = await openShopDatabase().catch((error: Error) => {
  console.error(error instanceof DataDirInUse ? whileTheShopRuns(error) : error.message);
  process.exit(1);
});
try {
  if (command === "list") {
    const staff = await listStaff(connection.db);
    if (staff.length === 0) console.log("Nobody has a role yet. Grant the first admin: npm run staff -- grant EMAIL admin");
    for (const member of staff) {
      const roles = member.roles.map((name) => staffRoleLabels[name]).join(", ");
      console.log(`${member.email}\t${roles}${member.twoFactorEnabled ? "" : "\t(second factor not set up yet)"}`);
    }
  } else if (command === "setup-link") {
    const link = await firstAdminSetupLink(connection.db);
    console.log(link ? `Create the first admin's account here: ${link}` : alreadyHasAdmin);
  } else if (command === "resend-verification") {
    await authOn(connection.db).api.sendVerificationEmail({ body: { email: email.trim().toLowerCase() } });
    console.log(staffMessages.verificationSent(email.trim().toLowerCase()));
  } else {
    const result =
      command === "grant"
        ? await grantRole(connection.db, { email, role, actor: commandLine, baseURL: authBaseURL() })
        : await revokeRole(connection.db, { email, role, actor: commandLine });
    if (!result.ok) {
      console.error(result.error);
      if (result.unverified) console.error(`Send it again with: npm run staff -- resend-verification ${result.unverified}`);
      process.exitCode = 1;
    } else if ("invited" in result) {
      console.log(staffMessages.invited(result.invited, mailSent()));
    } else {
      console.log(
        `${result.member.email} now holds: ${result.member.roles.map((name) => staffRoleLabels[name]).join(", ") || "no role"}.`,
      );
    }
  }
} finally {
  await connection.close();
}

/** Better Auth on the command line's connection (its e-mails go through the outbox, which the shop delivers). */
function authOn(db: Database) {
  const baseURL = authBaseURL();
  return createAuth(db, {
    baseURL,
    secret: authSecret(),
    cookies: { httpOnly: true, sameSite: "lax", secure: baseURL.startsWith("https:"), path: "/" },
  });
}
