// Runs once when a Next server starts; the Node.js part lives in its own module (the edge compile of
// this file must not see Node APIs).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { refuseServerWithoutClientAddress } = await import("./lib/supported-server");
    await refuseServerWithoutClientAddress();
  }
}
