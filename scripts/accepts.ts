import { createConnection } from "node:net";

/** Whether something accepts connections on 127.0.0.1:`port` (the npm stop tests: is the port free?). */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.on("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}
