import { Bell } from "lucide-react";
import { iconButtonClass } from "@/components/layout/icon-button";

/** Placeholder until notifications land: the bell button, with no list to open yet. */
export function NotificationBell() {
  return (
    <button type="button" aria-label="Notifications" className={iconButtonClass}>
      <Bell aria-hidden="true" size={24} />
    </button>
  );
}
