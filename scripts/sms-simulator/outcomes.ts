// What happens to a text sent to a number, chosen by the number's last digit, as Africa's Talking's
// per-recipient status codes and delivery reports describe it. Shared by the simulator, its CLI
// table and its tests.

export type Outcome = {
  description: string;
  /** The recipient's statusCode and status in the send answer. */
  statusCode: number;
  status: string;
  /** The delivery reports posted to the callback, in order (none when the gateway refused the number). */
  reports: { status: "Success" | "Failed" | "Rejected"; failureReason?: string }[];
};

export type LastDigit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";

const delivered = [{ status: "Success" as const }];

export const outcomeByLastDigit: Record<LastDigit, Outcome> = {
  "0": { description: "Sent and delivered", statusCode: 101, status: "Success", reports: delivered },
  "1": {
    description: "Sent, the phone is off: delivery fails",
    statusCode: 101,
    status: "Success",
    reports: [{ status: "Failed", failureReason: "AbsentSubscriber" }],
  },
  "2": {
    description: "Queued, then delivered, reported twice",
    statusCode: 102,
    status: "Queued",
    reports: [...delivered, ...delivered],
  },
  "3": { description: "Refused: invalid phone number", statusCode: 403, status: "InvalidPhoneNumber", reports: [] },
  "4": { description: "Refused: the number is blacklisted", statusCode: 406, status: "UserInBlacklist", reports: [] },
  "5": { description: "Refused: do not disturb", statusCode: 409, status: "DoNotDisturbRejection", reports: [] },
  "6": { description: "Refused: insufficient balance", statusCode: 405, status: "InsufficientBalance", reports: [] },
  "7": { description: "Gateway error", statusCode: 500, status: "InternalServerError", reports: [] },
  "8": { description: "Sent, never reported", statusCode: 101, status: "Success", reports: [] },
  "9": { description: "Processed, then delivered", statusCode: 100, status: "Processed", reports: delivered },
};

export function outcomeFor(number: string): Outcome {
  return outcomeByLastDigit[number.slice(-1) as LastDigit];
}
