export * from "./auth";
export * from "./catalog";
export * from "./cart";
export * from "./orders";
export * from "./notifications";
export * from "./outbox";
export * from "./staff";
export * from "./stock";
