"use client";

import { useEffect, useRef, useState, type FormEvent, type SyntheticEvent } from "react";
import type { FormState } from "@/components/ui/form-state";

type Errors = Partial<Record<string, string>>;
type Validate = (values: Record<string, string>) => Errors;

/**
 * A form's rules, loaded when first needed: `() => import("@/lib/…").then((rules) => rules.validate)`.
 * The import makes the rules, and zod under them, a chunk of their own that a page does not download
 * until the shopper touches its form (zod alone is 18.6 kB compressed, and was 1.6 s of a cheap
 * phone's main thread on the sign-in page). The module must be the only one of the form's imports
 * that brings zod; its labels and limits belong in a zod-free module beside it.
 */
export type LoadRules = () => Promise<Validate>;

/**
 * Drives the browser's own constraint validation with the shared rules: every field gets
 * its rule's message through setCustomValidity (so an invalid submit is blocked and the browser
 * focuses the first invalid field), and a field's message shows once it was typed into or left.
 * The rules load once per form, on its first focus, input or submit; what the shopper typed
 * meanwhile is checked as soon as they arrive, and a submit waits for them. Without them (offline, or no
 * JavaScript) the server's answer carries the same messages.
 * A new answer from the server starts over, so its errors show until the shopper edits a field.
 */
export function useFormRules(loadRules: LoadRules, serverState: FormState<unknown>) {
  const formRef = useRef<HTMLFormElement>(null);
  const validate = useRef<Validate>(null);
  const loading = useRef<Promise<void>>(null);
  // Fields typed into or left since the last check (all those before the rules arrived).
  const waiting = useRef(new Set<string>());
  const [shown, setShown] = useState({ for: serverState, touched: new Set<string>(), errors: {} as Errors });

  function check() {
    const form = formRef.current;
    if (!form || !validate.current) return;
    const values: Record<string, string> = {};
    new FormData(form).forEach((value, name) => (values[name] = typeof value === "string" ? value : ""));
    const errors = validate.current(values);
    for (const element of Array.from(form.elements)) {
      if (isCheckedControl(element)) element.setCustomValidity(errors[element.name] ?? "");
    }
    const newlyTouched = [...waiting.current];
    waiting.current.clear();
    setShown((previous) => {
      const touched = new Set(previous.for === serverState ? previous.touched : []);
      for (const field of newlyTouched) touched.add(field);
      return { for: serverState, touched, errors };
    });
  }

  /** Resolves once the rules are here and have checked the form. */
  function loaded(): Promise<void> {
    loading.current ??= loadRules()
      // Rules that cannot load (offline) leave the checks to the server, which answers in the same words.
      .catch(() => () => ({}))
      .then((rules) => {
        validate.current = rules;
        check();
      });
    return loading.current;
  }

  // On hydration and after each answer (React resets the form): arm the checks without showing them.
  // A shopper who got into the form before hydration has touched it, and what they typed then came
  // before React listened: those fields count as touched, and the rules load for them.
  useEffect(() => {
    waiting.current.clear();
    const typedEarly = editedFields(formRef.current);
    for (const name of typedEarly) waiting.current.add(name);
    if (validate.current) check();
    else if (typedEarly.length > 0 || formRef.current?.contains(document.activeElement)) void loaded();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `check` reads the form as it is now; it must not re-arm on every render.
  }, [serverState]);

  const touch = (event: SyntheticEvent) => {
    const { name, type } = event.target as HTMLInputElement;
    if (name && type !== "checkbox") waiting.current.add(name);
    if (validate.current) check();
    else void loaded();
  };

  // A submit before the rules arrived waits for them, then goes on only if the form passes
  // (unless the form, or the button, asked the browser not to validate it).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (validate.current || form.noValidate || submitter?.hasAttribute("formnovalidate")) return;
    event.preventDefault();
    // The browser reports the first failing field; a form that passes is sent as the shopper asked.
    void loaded().then(() => form.reportValidity() && form.requestSubmit(submitter));
  };

  return {
    formProps: {
      ref: formRef,
      onFocus: () => void loaded(),
      onInput: touch,
      onBlur: touch,
      onInvalidCapture: touch,
      onSubmit: submit,
    },
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

/** The checked fields whose value differs from the page's own (typed into before hydration). */
function editedFields(form: HTMLFormElement | null): string[] {
  if (!form) return [];
  return Array.from(form.elements)
    .filter(isCheckedControl)
    .filter((control) =>
      control instanceof HTMLSelectElement
        ? Array.from(control.options).some((option) => option.selected !== option.defaultSelected)
        : control.value !== control.defaultValue,
    )
    .map((control) => control.name);
}
