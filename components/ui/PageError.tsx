"use client";

import { buttonStyles } from "./button-styles";

/**
 * What an error boundary shows in place of a page that could not be drawn (most often while the
 * database is away): a plain sentence and 'Try again', inside whatever frame still stands. The
 * server has logged the error; the browser is told nothing more.
 */
export function PageError({ retry }: { retry: () => void }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Something went wrong</h1>
      <p className="mt-4 leading-relaxed text-stone-700">We could not show this page just now. Please try again in a moment.</p>
      <button type="button" onClick={retry} className={`mt-6 ${buttonStyles.primary}`}>
        Try again
      </button>
    </div>
  );
}
