import type { Metadata } from "next";
import { FindOrderForm } from "@/components/orders/FindOrderForm";
import { findOrderPath, findOrderTitle } from "@/lib/orders/status";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = {
  ...pageMetadata({
    title: findOrderTitle,
    description: "Open your Kijani Threads order with its order number and your phone number.",
    path: findOrderPath,
  }),
  robots: { index: false },
};

export default function FindOrderPage() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">{findOrderTitle}</h1>
        <p className="mt-1 text-stone-700">
          Enter the order number from your confirmation and the phone number you gave for delivery.
        </p>
      </div>
      <FindOrderForm />
    </div>
  );
}
