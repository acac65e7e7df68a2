// npm run staff -- grant EMAIL ROLE | revoke EMAIL ROLE | list
// Gives the first admin their role, and any role later. Works on a PostgreSQL server at any time,
// and on the embedded database while the shop is stopped (the data directory allows one process).
import { commandLine } from "@/lib/auth/actor";
import { staffRoleLabels, staffRoles } from "@/lib/auth/roles";
import { openShopDatabase } from "@/lib/server/database";
import { grantRole, listStaff, revokeRole } from "@/lib/staff/role-changes";

const usage = `Usage:
  npm run staff -- grant EMAIL ROLE    give an existing account a role (${staffRoles.join(", ")})
  npm run staff -- revoke EMAIL ROLE   take a role away and end that person's sessions
  npm run staff -- list                show everyone with a role`;

const [command, email, role] = process.argv.slice(2);
if (!(command === "list" || ((command === "grant" || command === "revoke") && email && role))) {
  console.error(usage);
  process.exit(2);
}

const connection = await openShopDatabase().catch((error: Error) => {
  console.error(error.message);
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
  } else {
    const change = command === "grant" ? grantRole : revokeRole;
    const result = await change(connection.db, { email, role, actor: commandLine });
    if (!result.ok) {
      console.error(result.error);
      process.exitCode = 1;
    } else {
      console.log(
        `${result.member.email} now holds: ${result.member.roles.map((name) => staffRoleLabels[name]).join(", ") || "no role"}.`,
      );
    }
  }
} finally {
  await connection.close();
}
