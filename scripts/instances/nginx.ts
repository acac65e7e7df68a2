// Debian's nginx as a round-robin proxy in front of several instances, run as the current user
// from a scratch folder (its own config, pid, logs and temporary files), on 127.0.0.1 only.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { waitForServer } from "../bench/server";

/**
 * The proxy's configuration: the README's example (section 'Running several instances') plus the
 * scratch paths, and, for tests only, a header naming the instance that answered.
 */
export function nginxConfig({ port, upstreams, dir }: { port: number; upstreams: string[]; dir: string }): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  // Started by root (CI), nginx would run its workers as nobody, who cannot write the scratch folder.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `daemon off;
${user}worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }

http {
  access_log ${path.join(dir, "access.log")};
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}

  upstream shop {
${upstreams.map((upstream) => `    server ${upstream};`).join("\n")}
    keepalive 32;
    # Closed before Node's own 5 s: a connection Node closed as nginx reused it reset a checkout's
    # POST (502), and nginx then took that instance out for 10 s (the flash sale's CI failure).
    keepalive_timeout 4s;
  }

  server {
    listen 127.0.0.1:${port};
    # Photo uploads allow 10 MB files, plus the form around them.
    client_max_body_size 11m;

    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Tests only: which instance answered.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Starts nginx on 127.0.0.1:`port` in front of `upstreams` (host:port); resolves once it proxies /api/health. */
export async function startNginx(port: number, upstreams: string[], dir: string) {
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, "nginx.conf");
  writeFileSync(config, nginxConfig({ port, upstreams, dir }));
  const nginx = spawn(process.env.NGINX ?? "/usr/sbin/nginx", ["-p", dir, "-c", config, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(url, "/api/health");
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (nginx.exitCode !== null || nginx.signalCode !== null) return resolve();
        nginx.once("exit", () => resolve());
        nginx.kill("SIGQUIT");
      }),
  };
}
