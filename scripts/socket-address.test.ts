import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER as readHeader } from "@/lib/auth/form-values";
import { SOCKET_ADDRESS_HEADER } from "./socket-address.mjs";

describe("the server's socket address stamp", () => {
  it("is the header the shop reads", () => {
    expect(SOCKET_ADDRESS_HEADER).toBe(readHeader);
  });

  it("replaces every copy the client sent with the socket's address", async () => {
    const server = http.createServer((request, response) => response.end(JSON.stringify(request.headers[SOCKET_ADDRESS_HEADER])));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const seen = await new Promise<string>((resolve, reject) => {
        const request = http.request({
          port,
          host: "127.0.0.1",
          headers: { [SOCKET_ADDRESS_HEADER]: ["1.1.1.1", "2.2.2.2"] },
        });
        request.on("response", (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => resolve(JSON.parse(body)));
        });
        request.on("error", reject);
        request.end();
      });
      expect(seen).toBe("127.0.0.1");
    } finally {
      server.close();
    }
  });
});
