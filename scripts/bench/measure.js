// Runs a command's script in this process and, as it exits, writes its peak memory (resident
// set, KiB) to the file named by BENCH_RSS_FILE: how the benchmark reads a child's peak memory.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], script, ...args];
process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
await import(pathToFileURL(script).href);
