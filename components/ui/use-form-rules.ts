"use client";

import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import type { FormState } from "@/components/ui/form-state";

type Errors = Partial<Record<string, string>>;

/**
 * Drives the browser's own constraint validation with the shared rules: every field gets
 * its rule's message through setCustomValidity (so an invalid submit is blocked and the browser
 * focuses the first invalid field), and a field's message shows once it was typed into or left.
 * A new answer from the server starts over, so its errors show until the shopper edits a field.
 */
export function useFormRules(validate: (values: Record<string, string>) => Errors, serverState: FormState<unknown>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState({ for: serverState, touched: new Set<string>(), errors: {} as Errors });

  function check(touchedField?: string) {
    const form = formRef.current;
    if (!form) return;
    const values: Record<string, string> = {};
    new FormData(form).forEach((value, name) => (values[name] = typeof value === "string" ? value : ""));
    const errors = validate(values);
    for (const element of Array.from(form.elements)) {
      if (isCheckedControl(element)) element.setCustomValidity(errors[element.name] ?? "");
    }
    setShown((previous) => {
      const touched = new Set(previous.for === serverState ? previous.touched : []);
      if (touchedField) touched.add(touchedField);
      return { for: serverState, touched, errors };
    });
  }

  // On hydration and after each answer (React resets the form): arm the checks without showing them.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `check` reads the form as it is now; it must not re-arm on every render.
  useEffect(() => check(), [serverState]);

  const touch = (event: SyntheticEvent) => {
    const { name, type } = event.target as HTMLInputElement;
    if (name && type !== "checkbox") check(name);
  };

  return {
    formProps: { ref: formRef, onInput: touch, onBlur: touch, onInvalidCapture: touch },
    /** The message to show beside a field: the browser's check once touched, else the server's. */
    errorFor(name: string): string | undefined {
      const current = shown.for === serverState;
      return current && shown.touched.has(name) ? shown.errors[name] : serverState.errors[name];
    },
  };
}

/** The controls the rules check: text-like inputs, selects and text areas. */
function isCheckedControl(element: Element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  if (element instanceof HTMLInputElement) return element.type !== "checkbox" && element.type !== "hidden";
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}
