// Preloaded into the conformance suite's process (node --import): Node does not resolve *.localhost by
// itself, and the suite reaches the LRS on an organization's host ({subdomain}.localhost), as a browser would.
import dns from "node:dns";

const lookup = dns.lookup;
dns.lookup = function (host, options, callback) {
  return lookup.call(
    this,
    typeof host === "string" && host.endsWith(".localhost") ? "127.0.0.1" : host,
    options,
    callback,
  );
};
