// The cluster suite runs inside `npm run test:cluster` (scripts/test-cluster.ts), which starts the two app
// processes, the store and nginx. Fail fast with a clear message when started on its own.
export default function setup(): void {
  for (const name of ["CLUSTER_NGINX_PORT", "CLUSTER_PINNED_PORTS", "TEST_DATABASE_URL"]) {
    if (!process.env[name])
      throw new Error(`${name} is not set: run the cluster suite through \`npm run test:cluster\`.`);
  }
}
