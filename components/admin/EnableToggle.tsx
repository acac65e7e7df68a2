import { buttonStyles } from "@/components/ui/button-styles";

/**
 * A table row's 'Disable' or 'Enable' button, posting `toggle=<id>:off|on` to its table's form
 * (campaign links, discount codes); works without JavaScript.
 */
export function EnableToggle({ id, enabled, name }: { id: number; enabled: boolean; name: string }) {
  const verb = enabled ? "Disable" : "Enable";
  return (
    <button
      type="submit"
      name="toggle"
      value={`${id}:${enabled ? "off" : "on"}`}
      aria-label={`${verb} ${name}`}
      className={buttonStyles.secondary}
    >
      {verb}
    </button>
  );
}
