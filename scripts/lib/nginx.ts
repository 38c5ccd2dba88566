import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

// A real nginx on loopback in front of app processes, configured from deploy/nginx.conf itself (without
// TLS), so the sample the README points at is the one the cluster suite and the fault runs go through.
// Installed from Debian's packages when missing and running as root on Debian, the way
// scripts/lib/chromium.ts installs a browser.

export class NginxUnavailable extends Error {}

const SAMPLE = "deploy/nginx.conf";

function nginxBinary(): string | undefined {
  for (const candidate of [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/local/sbin/nginx", "nginx"]) {
    if (!candidate) continue;
    if (spawnSync(candidate, ["-v"], { stdio: "ignore" }).status === 0) return candidate;
  }
  return undefined;
}

/** The nginx binary, installed with apt-get (Debian's `nginx`) when there is none. */
export function ensureNginx(log: (line: string) => void = console.log): string {
  const found = nginxBinary();
  if (found) return found;
  if (!existsSync("/etc/debian_version") || process.getuid?.() !== 0)
    throw new NginxUnavailable("nginx is missing: install it (apt-get install nginx) or set NGINX_PATH");
  log("nginx: installing Debian's nginx…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  const installed = spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "nginx"], {
    stdio: "ignore",
    env,
  });
  const binary = nginxBinary();
  if (installed.status !== 0 || !binary) throw new NginxUnavailable("apt-get install nginx failed");
  return binary;
}

export interface NginxSite {
  /** Where the load balancer listens (the sample's upstream: every app process, round robin). */
  port: number;
  /** Further listeners, each in front of one process only, with the sample's settings otherwise. */
  pinned: { port: number; upstream: number }[];
}

/**
 * deploy/nginx.conf as a loopback site: the upstream lists `appPorts`, the server listens on plain HTTP on
 * `site.port` (TLS, its certificates and HTTP/2 left out), logs go to `dir`. Each edit must find what it
 * replaces: a change to the sample that this misses fails here rather than testing something else.
 */
export function loopbackConfig(appPorts: number[], site: NginxSite, dir: string): string {
  let sample = readFileSync(SAMPLE, "utf8");
  const replace = (pattern: RegExp, by: string | ((match: string) => string)) => {
    if (!pattern.test(sample)) throw new Error(`${SAMPLE} no longer has ${pattern}: update scripts/lib/nginx.ts`);
    sample = sample.replace(pattern, by as string);
  };
  const servers = (ports: number[], indent: string) =>
    ports.map((p) => `${indent}server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n");
  replace(/^(\s*)server 127\.0\.0\.1:\d+[^\n]*\n(\s*server 127\.0\.0\.1:\d+[^\n]*\n)*/m, (match) => {
    const indent = /^\s*/.exec(match)![0];
    return `${servers(appPorts, indent)}\n`;
  });
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${site.port};`);
  replace(/^\s*ssl_certificate\s[^\n]*\n/m, "");
  replace(/^\s*ssl_certificate_key\s[^\n]*\n/m, "");
  replace(/server_name [^;]+;/, "server_name localhost *.localhost;");
  replace(/access_log \/var\/log\/nginx\/lms\.access\.log lms;/, `access_log ${dir}/access.log lms;`);
  replace(/error_log \/var\/log\/nginx\/lms\.error\.log crit;/, `error_log ${dir}/lms-error.log crit;`);

  // The pinned listeners: the sample's upstream and server blocks again, each naming one process.
  const upstream = /upstream lms_app \{[\s\S]*?\n\}/.exec(sample)?.[0];
  const server = /\nserver \{[\s\S]*\n\}/.exec(sample)?.[0];
  if (!upstream || !server) throw new Error(`${SAMPLE}: no upstream lms_app or server block`);
  const extra = site.pinned.map(({ port, upstream: app }) => {
    const name = `lms_app_${app}`;
    const oneUpstream = upstream
      .replace("upstream lms_app {", `upstream ${name} {`)
      .replace(/^(\s*)server 127\.0\.0\.1:\d+[^\n]*\n(\s*server 127\.0\.0\.1:\d+[^\n]*\n)*/m, (match) => {
        const indent = /^\s*/.exec(match)![0];
        return `${servers([app], indent)}\n`;
      });
    const oneServer = server
      .replace(`listen 127.0.0.1:${site.port};`, `listen 127.0.0.1:${port};`)
      .replace("proxy_pass http://lms_app;", `proxy_pass http://${name};`);
    return `${oneUpstream}\n${oneServer}`;
  });

  return [
    "daemon off;",
    "master_process on;",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log notice;`,
    // As root the workers run as nobody: they must be able to write the temporary folders.
    ...(process.getuid?.() === 0 ? ["user nobody nogroup;"] : []),
    "events { worker_connections 4096; }",
    "http {",
    `  client_body_temp_path ${dir}/tmp/body;`,
    `  proxy_temp_path ${dir}/tmp/proxy;`,
    `  fastcgi_temp_path ${dir}/tmp/fastcgi;`,
    `  uwsgi_temp_path ${dir}/tmp/uwsgi;`,
    `  scgi_temp_path ${dir}/tmp/scgi;`,
    sample,
    ...extra,
    "}",
    "",
  ].join("\n");
}

export interface RunningNginx {
  accessLog: string;
  /** The site's error log (the sample's level) and nginx's own (start-up, notices). */
  errorLogs: string[];
  stop(): Promise<void>;
}

export async function startNginx(binary: string, config: string, dir: string, ports: number[]): Promise<RunningNginx> {
  mkdirSync(path.join(dir, "tmp"), { recursive: true });
  chmodSync(path.join(dir, "tmp"), 0o777);
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, config);
  const checked = spawnSync(binary, ["-t", "-q", "-c", file, "-p", dir], { encoding: "utf8" });
  if (checked.status !== 0) throw new Error(`nginx refused the configuration (${file}):\n${checked.stderr}`);
  const child: ChildProcess = spawn(binary, ["-c", file, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  const stderr: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (const port of ports) {
    const deadline = Date.now() + 10_000;
    while (!(await listening(port))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`nginx did not listen on ${port}: ${stderr.join("")}`);
      await sleep(50);
    }
  }
  let stopping: Promise<void> | undefined;
  return {
    accessLog: path.join(dir, "access.log"),
    errorLogs: [path.join(dir, "lms-error.log"), path.join(dir, "error.log")],
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode !== null) return;
        child.kill("SIGQUIT"); // graceful: workers finish their requests
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      })()),
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
