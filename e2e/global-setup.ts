import { prepareDataTemplate } from "./support/server.js";

/**
 * Once per e2e run: a first start's data folder (migrated, demo seeded) that each test's server starts
 * from as a copy, so forty files pay for one first start instead of forty.
 */
export default async function setup(): Promise<() => void> {
  const template = await prepareDataTemplate();
  return template.remove;
}
