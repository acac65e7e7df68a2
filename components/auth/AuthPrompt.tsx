import { ShopLink } from "@/components/ui/ShopLink";

/** The line under an auth form that sends the shopper to the other one: "New here? Create Account". */
export function AuthPrompt({ question, href, action }: { question: string; href: string; action: string }) {
  return (
    <p className="text-center text-sm text-stone-700">
      {question}{" "}
      <ShopLink href={href} prefetch={false} className="font-semibold text-green-900 underline">
        {action}
      </ShopLink>
    </p>
  );
}
