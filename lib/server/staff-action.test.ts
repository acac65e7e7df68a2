import { forbidden, redirect } from "next/navigation";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backOfficeSections } from "@/lib/admin/sections";
import type { ShopUser } from "@/lib/auth/user";
import { requireRole } from "./session";
import { staffAction } from "./staff-action";

vi.mock("./session", () => ({ requireRole: vi.fn() }));

const staff: ShopUser = {
  id: "u1",
  firstName: "Wanjiru",
  lastName: "Kamau",
  email: "wanjiru@example.com",
  phone: "0712345678",
  roles: ["staff"],
  twoFactorEnabled: true,
  emailVerified: true,
};
const section = backOfficeSections.orders;

describe("staffAction", () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    logged = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.mocked(requireRole).mockReset();
    logged.mockRestore();
  });

  it("checks the section's role before the handler runs, and passes on who it is", async () => {
    vi.mocked(requireRole).mockResolvedValue(staff);
    const handler = vi.fn(async (user: ShopUser, word: string) => `${user.email} ${word}`);
    const action = staffAction("shout", section, handler, () => "failed");
    await expect(action("hello")).resolves.toBe("wanjiru@example.com hello");
    expect(requireRole).toHaveBeenCalledWith(section);
  });

  it("runs nothing when the role is refused", async () => {
    vi.mocked(requireRole).mockImplementation(async () => forbidden());
    const handler = vi.fn(async () => "done");
    const action = staffAction("shout", section, handler, () => "failed");
    await expect(action()).rejects.toThrow();
    expect(handler).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
  });

  it("logs an unexpected error once with the action's name and answers with the failure", async () => {
    vi.mocked(requireRole).mockResolvedValue(staff);
    const error = new Error("database away");
    const action = staffAction(
      "changeOrderStatus",
      section,
      async (_user: ShopUser, _previous: number): Promise<number> => {
        throw error;
      },
      (previous: number) => previous + 1,
    );
    await expect(action(1)).resolves.toBe(2);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith("[changeOrderStatus]", error);
  });

  it("lets a redirect from the handler through, unlogged", async () => {
    vi.mocked(requireRole).mockResolvedValue(staff);
    const action = staffAction(
      "save",
      section,
      async (): Promise<string> => redirect("/admin/products/1"),
      () => "failed",
    );
    await expect(action()).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
    expect(logged).not.toHaveBeenCalled();
  });
});
