CREATE TABLE "sign_in_addresses" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_addresses_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" text,
	"invited_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_invitations_email_role_pk" PRIMARY KEY("email","role"),
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "last_totp_step" bigint;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_id_user_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Roles now need a verified address. Staff who hold one already were granted it by an admin who
-- knew them, so their addresses count as verified and they keep their roles.
UPDATE "user" SET "email_verified" = true WHERE "role" IS NOT NULL AND "role" <> '';
