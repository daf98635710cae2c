// Runs a command's script in this process and, as it exits, writes its peak memory (resident
// set, KiB) and its CPU time (seconds: user and system, its waited-for child processes included,
// from /proc/self/stat) to the file named by BENCH_RSS_FILE: how the benchmark reads a child's.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Clock ticks a second of /proc's times (Linux's USER_HZ). */
const CLOCK_TICKS = 100;

const [script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], script, ...args];
process.on('exit', () => {
  if (!process.env.BENCH_RSS_FILE) return;
  // Fields 14 to 17 of stat (utime, stime, cutime, cstime), counted from after the command's name.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / CLOCK_TICKS;
  writeFileSync(process.env.BENCH_RSS_FILE, `${process.resourceUsage().maxRSS} ${cpu}`);
});
await import(pathToFileURL(script).href);
