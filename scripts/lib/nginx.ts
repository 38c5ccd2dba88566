import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
  /** App ports the load balancer's upstream marks `down` (an operator taking a process out before stopping it). */
  down?: number[];
  /**
   * The site's error log level: the sample's `crit` unless a run needs to see why nginx answered 502 (its
   * `error` lines carry request paths, tokens included: only for a scratch folder deleted afterwards).
   */
  errorLogLevel?: "crit" | "error";
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
  const servers = (ports: number[], indent: string, down: number[] = []) =>
    ports
      .map((p) => `${indent}server 127.0.0.1:${p} max_fails=1 fail_timeout=5s${down.includes(p) ? " down" : ""};`)
      .join("\n");
  replace(/^(\s*)server 127\.0\.0\.1:\d+[^\n]*\n(\s*server 127\.0\.0\.1:\d+[^\n]*\n)*/m, (match) => {
    const indent = /^\s*/.exec(match)![0];
    return `${servers(appPorts, indent, site.down)}\n`;
  });
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${site.port};`);
  replace(/^\s*ssl_certificate\s[^\n]*\n/m, "");
  replace(/^\s*ssl_certificate_key\s[^\n]*\n/m, "");
  replace(/server_name [^;]+;/, "server_name localhost *.localhost;");
  replace(/access_log \/var\/log\/nginx\/lms\.access\.log lms;/, `access_log ${dir}/access.log lms;`);
  replace(
    /error_log \/var\/log\/nginx\/lms\.error\.log crit;/,
    `error_log ${dir}/lms-error.log ${site.errorLogLevel ?? "crit"};`,
  );

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
  /**
   * Applies a new configuration as `nginx -s reload` does (SIGHUP to the master) and resolves once every
   * worker that ran the old one has exited: from then on no request goes by the old configuration.
   */
  reload(config: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startNginx(binary: string, config: string, dir: string, ports: number[]): Promise<RunningNginx> {
  mkdirSync(path.join(dir, "tmp"), { recursive: true });
  chmodSync(path.join(dir, "tmp"), 0o777);
  const file = path.join(dir, "nginx.conf");
  const write = (text: string) => {
    writeFileSync(file, text);
    const checked = spawnSync(binary, ["-t", "-q", "-c", file, "-p", dir], { encoding: "utf8" });
    if (checked.status !== 0) throw new Error(`nginx refused the configuration (${file}):\n${checked.stderr}`);
  };
  write(config);
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
    reload: async (next) => {
      write(next);
      const old = childrenOf(child.pid!);
      child.kill("SIGHUP");
      // The old workers finish the requests they hold, close their idle connections and exit.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const now = childrenOf(child.pid!);
        if (!old.some((pid) => now.includes(pid)) && now.length > 0) return;
        if (child.exitCode !== null) throw new Error(`nginx exited on reload: ${stderr.join("")}`);
        if (Date.now() > deadline) throw new Error("nginx's old workers did not exit within 60 s of the reload");
        await sleep(50);
      }
    },
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

/** The processes whose parent is `pid` (nginx's workers), from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid …: the command may hold spaces and parentheses, the last ")" ends it.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (parent === pid) found.push(Number(entry));
  }
  return found;
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
