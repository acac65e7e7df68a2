// What the simulated customer does with an STK Push, chosen by the last digit of the PhoneNumber that
// receives the prompt. Shared by the simulator, its CLI table, docs/settings.md and the tests.

export type Outcome = {
  /** Short name shown in the simulator's push list. */
  name: string;
  description: string;
  /** M-Pesa's result, as the callback and the STK Query report it; null when Daraja refuses the push itself. */
  result: { code: number; desc: string } | null;
  /** How many times the callback is POSTed to CallBackURL. */
  callbacks: 0 | 1 | 2;
};

export type LastDigit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";

const paid = { code: 0, desc: "The service request is processed successfully." };

export const outcomeByLastDigit: Record<LastDigit, Outcome> = {
  "0": { name: "paid", description: "Paid", result: paid, callbacks: 1 },
  "1": {
    name: "insufficient-balance",
    description: "Not enough M-Pesa balance",
    result: { code: 1, desc: "The balance is insufficient for the transaction." },
    callbacks: 1,
  },
  "2": {
    name: "cancelled",
    description: "The customer cancels the prompt",
    result: { code: 1032, desc: "Request Cancelled by user." },
    callbacks: 1,
  },
  "3": {
    name: "wrong-pin",
    description: "The customer enters a wrong PIN",
    result: { code: 2001, desc: "The initiator information is invalid." },
    callbacks: 1,
  },
  "4": {
    name: "unreachable",
    description: "The phone cannot be reached",
    result: { code: 1037, desc: "DS timeout user cannot be reached." },
    callbacks: 1,
  },
  "5": {
    name: "paid-no-callback",
    description: "Paid, but the callback is never sent (only the STK Query tells)",
    result: paid,
    callbacks: 0,
  },
  "6": { name: "paid-callback-twice", description: "Paid, and the callback is sent twice at once", result: paid, callbacks: 2 },
  "7": {
    name: "busy",
    description: "Daraja refuses the push: HTTP 500, 500.003.02 System is busy (no callback)",
    result: null,
    callbacks: 0,
  },
  "8": {
    name: "expired",
    description: "The request expires before the customer answers",
    result: { code: 1019, desc: "Transaction has expired." },
    callbacks: 1,
  },
  "9": { name: "paid", description: "Paid", result: paid, callbacks: 1 },
};

/** The outcome for a phone number already checked to be 12 digits. */
export function outcomeFor(phone: string): Outcome {
  return outcomeByLastDigit[phone.at(-1) as LastDigit];
}
