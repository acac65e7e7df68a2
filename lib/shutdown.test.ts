import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";

/**
 * Runs `body` in a child process with `afterServerStops` in scope, the child printing "ready"
 * (and a port, if it serves) when it is set up. Returns the child and its output so far.
 */
function runChild(body: string) {
  const code = `import("./lib/shutdown.ts").then(async ({ afterServerStops }) => { ${body} })`;
  const child = spawn(process.execPath, ["--import", "tsx", "-e", code], { stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(...chunk.toString().trim().split("\n")));
  child.stderr.on("data", (chunk: Buffer) => output.push(...chunk.toString().trim().split("\n")));
  const ready = new Promise<string>((resolve) =>
    child.stdout.on("data", (chunk: Buffer) => {
      const line = chunk.toString().match(/ready ?(\d*)/);
      if (line) resolve(line[1]);
    }),
  );
  const exited = once(child, "exit").then(([code]) => code as number);
  return { child, output, ready, exited };
}

const sleep = "(ms) => new Promise((resolve) => setTimeout(resolve, ms))";

describe("afterServerStops", () => {
  it("cleans up after the server has finished its requests in flight, then exits as the server asked", async () => {
    // The server's own handler does what Next's does: stop accepting, wait for requests, exit.
    const { child, output, ready, exited } = runChild(`
      const sleep = ${sleep};
      const http = await import("node:http");
      const server = http.createServer(async (req, res) => {
        await sleep(300);
        console.log("request finished");
        res.end("done");
      });
      process.on("SIGTERM", () => server.close(() => { console.log("server closed"); process.exit(143); }));
      afterServerStops(async () => { await sleep(200); console.log("cleaned up"); });
      server.listen(0, "127.0.0.1", () => console.log("ready " + server.address().port));
    `);
    const port = await ready;
    const response = fetch(`http://127.0.0.1:${port}/`).then((answer) => answer.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill("SIGTERM");
    expect(await response).toBe("done");
    expect(await exited).toBe(143);
    expect(output.filter((line) => !line.startsWith("ready"))).toEqual(["request finished", "server closed", "cleaned up"]);
  });

  it("exits by itself after cleaning up when nothing else handles the signal", async () => {
    const { child, output, ready, exited } = runChild(`
      setInterval(() => {}, 1000);
      afterServerStops(async () => console.log("cleaned up"));
      console.log("ready");
    `);
    await ready;
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(output).toContain("cleaned up");
  });

  it("exits anyway when the cleanup is stuck past its deadline", async () => {
    const { child, output, ready, exited } = runChild(`
      setInterval(() => {}, 1000);
      afterServerStops(() => new Promise(() => {}), 300);
      console.log("ready");
    `);
    await ready;
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(output.join("\n")).toContain("cleanup still running after 300 ms");
  });
});
