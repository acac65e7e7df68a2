"use client";

import { useEffect } from "react";
import { refreshViewer } from "@/components/layout/use-viewer";

/** Asks the header to re-read the visitor once this page shows (an order empties the cart and adds a notification). */
export function RefreshViewer() {
  useEffect(() => void refreshViewer(), []);
  return null;
}
