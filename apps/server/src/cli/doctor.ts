import { loadConfig } from "../config.js";
import { checkNewestBackup, examine } from "../db/store/doctor.js";
import { runMain } from "./exit.js";

/** `npm run doctor`: checks DATA_DIR (lock, version, whether the store opens, backups); exit code 1 when something is wrong. */
async function main(): Promise<void> {
  const config = loadConfig();
  const findings = await examine(config);
  const newest = await checkNewestBackup(config.DATA_DIR);
  if (newest) findings.push(newest);
  for (const { ok, text } of findings)
    process.stdout.write(`${ok ? "ok     " : "PROBLEM"} ${text.replaceAll("\n", "\n        ")}\n`);
  const problems = findings.filter((f) => !f.ok).length;
  process.stdout.write(problems ? `\n${problems} problem(s) found.\n` : "\nNothing wrong found.\n");
  if (problems) process.exitCode = 1;
}

runMain(main);
