import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../generator/cli.ts';
import { compileContent, PACKAGE_ROOT } from '../../generator/index.ts';

/**
 * The CI pipeline (issue 19) on GitHub Actions: the workflows parse, their job graphs are what
 * docs/deploy.md says, and every command a `run:` step calls exists here (an npm script, a
 * build-region command, a file of the repository) and runs locally the same way.
 */
const WORKFLOWS = path.join(PACKAGE_ROOT, '.github', 'workflows');
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-workflows-'));
afterAll(() => rm(work, { recursive: true, force: true }));

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  if?: string;
}
interface Job {
  needs?: string | string[];
  uses?: string;
  if?: string;
  steps?: Step[];
  strategy?: { matrix?: Record<string, unknown> };
  outputs?: Record<string, string>;
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const files = (await readdir(WORKFLOWS)).filter((file) => file.endsWith('.yml')).sort();
const workflows = new Map<string, Workflow>(
  await Promise.all(
    files.map(async (file) => [file, parse(await readFile(path.join(WORKFLOWS, file), 'utf8'), { uniqueKeys: true }) as Workflow] as const),
  ),
);
const needsOf = (job: Job) => (job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs]);
const scripts = (JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const status = await main(args, { cwd: PACKAGE_ROOT, isTTY: false, env, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

/** The commands of a `run:` script: each line, each part of `&&`, `;` and `|`, and each `$( )` inside. */
function commands(script: string): string[] {
  const found: string[] = [];
  const visit = (text: string) => {
    for (const inner of text.matchAll(/\$\(([^)]*)\)/g)) visit(inner[1]!);
    const outer = text.replace(/\$\([^)]*\)/g, 'X').replace(/"[^"]*"|'[^']*'/g, 'X');
    for (const part of outer.split(/&&|\|\||;|\||\n/)) {
      const words = part.trim().split(/\s+/).filter(Boolean);
      if (words.length > 0) found.push(words.join(' '));
    }
  };
  visit(script.replace(/\$\{\{[^}]*\}\}/g, 'X'));
  return found;
}

/** Why a command could not run here, or undefined when it can. */
async function missing(command: string): Promise<string | undefined> {
  const [program, first, second] = command.split(' ');
  // The shell's own and what every GitHub runner has (the GitHub CLI posts comments).
  if (['echo', 'date', 'cat', 'gh'].includes(program!)) return undefined;
  if (program === 'npm') {
    if (first === 'ci' || first === 'test') return undefined;
    if (first === 'run') return second && scripts[second] ? undefined : `no npm script '${second}'`;
    return `npm ${first}?`;
  }
  if (program === 'npx' && first === 'build-region') {
    // A command name, or the build itself (regions or options).
    if (!second || second.startsWith('-') || second === 'X') return undefined;
    const help = await cli([second, '--help']);
    return help.status === 0 ? undefined : `build-region has no command '${second}'`;
  }
  if (program === 'bash' || program === 'node') return first && existsSync(path.join(PACKAGE_ROOT, first)) ? undefined : `no file ${first}`;
  return `unknown program ${program}`;
}

describe('the GitHub Actions workflows', () => {
  it('parse, with jobs whose needs exist and form no cycle, and actions pinned to a major version', () => {
    expect(files).toEqual(['build-deploy.yml', 'pull-request.yml', 'rebuild-when-stale.yml']);
    for (const [file, workflow] of workflows) {
      expect(workflow.name, file).toBeTruthy();
      expect(Object.keys(workflow.on).length, file).toBeGreaterThan(0);
      const jobs = workflow.jobs;
      for (const [name, job] of Object.entries(jobs)) {
        for (const need of needsOf(job)) expect(Object.keys(jobs), `${file}: ${name} needs ${need}`).toContain(need);
        for (const step of job.steps ?? []) {
          expect(step.uses !== undefined || step.run !== undefined, `${file}: ${name}: a step does something`).toBe(true);
          if (step.uses) expect(step.uses, `${file}: ${name}`).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
        }
        if (job.uses) {
          const called = workflows.get(path.basename(job.uses));
          expect(called, `${file}: ${name} calls ${job.uses}`).toBeDefined();
          expect(Object.keys(called!.on), `${job.uses} can be called`).toContain('workflow_call');
        }
      }
      // Topological order exists: no cycle.
      const done = new Set<string>();
      while (done.size < Object.keys(jobs).length) {
        const ready = Object.keys(jobs).filter((name) => !done.has(name) && needsOf(jobs[name]!).every((need) => done.has(need)));
        expect(
          ready.length,
          `${file}: a cycle among ${Object.keys(jobs)
            .filter((n) => !done.has(n))
            .join(', ')}`,
        ).toBeGreaterThan(0);
        for (const name of ready) done.add(name);
      }
    }
  });

  it('declare every secret a callable workflow reads, and pass callers only those it declares', () => {
    const problems: string[] = [];
    for (const [file, workflow] of workflows) {
      const text = JSON.stringify(workflow.jobs);
      const read = [...new Set([...text.matchAll(/secrets\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!))];
      if ('workflow_call' in workflow.on) {
        const declared = Object.keys((workflow.on.workflow_call as { secrets?: Record<string, unknown> } | null)?.secrets ?? {});
        for (const name of read)
          if (!declared.includes(name)) problems.push(`${file} reads secrets.${name} but its workflow_call does not declare it`);
      }
      for (const [name, job] of Object.entries(workflow.jobs)) {
        if (!job.uses) continue;
        const passed = (job as { secrets?: unknown }).secrets;
        if (passed === 'inherit') problems.push(`${file}: ${name} passes every secret (inherit), not only those ${job.uses} declares`);
        const called = workflows.get(path.basename(job.uses))!;
        const declared = Object.keys((called.on.workflow_call as { secrets?: Record<string, unknown> } | null)?.secrets ?? {});
        for (const secret of Object.keys(typeof passed === 'object' && passed !== null ? passed : {}))
          if (!declared.includes(secret)) problems.push(`${file}: ${name} passes ${secret}, which ${job.uses} does not declare`);
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys((workflows.get('build-deploy.yml')!.on.workflow_call as { secrets: object }).secrets)).toEqual(['DEPLOY_TARGET']);
  });

  it('check out the whole history wherever the content is compiled (prior prices are computed from it)', () => {
    const problems: string[] = [];
    for (const [file, workflow] of workflows) {
      for (const [name, job] of Object.entries(workflow.jobs)) {
        const compiles = (job.steps ?? []).some(
          (step) => /npx build-region (--check|report|diff|\$\{\{ matrix)/.test(step.run ?? '') || step.run === 'bash .ci/run',
        );
        const checkout = (job.steps ?? []).find((step) => step.uses === 'actions/checkout@v4');
        if (compiles && checkout?.with?.['fetch-depth'] !== 0) problems.push(`${file}: ${name} compiles the content from a shallow clone`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('call only commands this repository has: npm scripts, build-region commands, its own files', async () => {
    const problems: string[] = [];
    let count = 0;
    for (const [file, workflow] of workflows) {
      for (const [name, job] of Object.entries(workflow.jobs)) {
        for (const step of job.steps ?? []) {
          for (const command of commands(step.run ?? '')) {
            count++;
            const why = await missing(command);
            if (why) problems.push(`${file}: ${name}: ${command}: ${why}`);
          }
        }
      }
    }
    expect(count).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('check and test a pull request, post what visitors will see change, and keep its content report', () => {
    const pr = workflows.get('pull-request.yml')!;
    expect(Object.keys(pr.on)).toEqual(['pull_request']);
    const runs = Object.values(pr.jobs).flatMap((job) => (job.steps ?? []).map((step) => step.run ?? step.uses));
    expect(runs).toEqual(
      expect.arrayContaining([
        'npx build-region --check',
        'bash .ci/run',
        'npx build-region report --out report.html',
        'actions/upload-artifact@v4',
      ]),
    );
    const visible = pr.jobs['visible-changes']!.steps!.map((step) => step.run ?? '').join('\n');
    expect(visible).toContain('npx build-region diff "origin/${{ github.base_ref }}" --format markdown > visible-changes.md');
    expect(visible).toContain('gh pr comment');
    expect(visible).toContain('$GITHUB_STEP_SUMMARY');
    // The changed pages pictured (docs/review.md), with Chromium and the fonts, the review page
    // uploaded and the summary's table appended to the job summary with a link to it.
    const steps = pr.jobs['visible-changes']!.steps!;
    const at = (test: (step: Step) => boolean) => steps.findIndex(test);
    const install = at((step) => step.run === 'bash .ci/browser');
    const pictures = at((step) => step.run === 'npx build-region diff "origin/${{ github.base_ref }}" --pictures --out review > /dev/null');
    // Every site at a glance (the report's sheet), into the same artifact.
    const glance = at((step) => step.run === 'npx build-region report --glance --out review/sites.html');
    const upload = at((step) => step.uses === 'actions/upload-artifact@v4' && step.with?.path === 'review');
    const summary = at(
      (step) =>
        (step.run ?? '').includes('cat review/summary.md >> "$GITHUB_STEP_SUMMARY"') &&
        (step.run ?? '').includes('${{ steps.review.outputs.artifact-url }}'),
    );
    expect(
      [install, pictures, glance, upload, summary].every((index) => index >= 0),
      JSON.stringify({ install, pictures, glance, upload, summary }),
    ).toBe(true);
    expect(install < pictures && pictures < glance && glance < upload && upload < summary).toBe(true);
    expect(steps[upload]!.id).toBe('review');
  });

  it('build main as one job per region of the content, all as of one instant, merge the parts, then deploy', () => {
    const pipeline = workflows.get('build-deploy.yml')!;
    expect(Object.keys(pipeline.on)).toEqual(expect.arrayContaining(['push', 'workflow_call']));
    const { plan, build, merge, deploy } = pipeline.jobs;
    expect(needsOf(build!)).toEqual(['plan']);
    expect(build!.strategy?.matrix?.region).toBe('${{ fromJSON(needs.plan.outputs.regions) }}');
    expect(build!.steps!.map((s) => s.run).join('\n')).toContain(
      'npx build-region ${{ matrix.region }} --out part --now ${{ needs.plan.outputs.now }}',
    );
    expect(plan!.steps!.map((s) => s.run).join('\n')).toContain('npx build-region regions --format json');
    expect(needsOf(merge!)).toEqual(['plan', 'build']);
    expect(merge!.steps!.map((s) => s.run).join('\n')).toContain('npx build-region merge parts/* --out dist');
    expect(needsOf(deploy!)).toEqual(['merge']);
    expect(deploy!.steps!.map((s) => s.run).join('\n')).toContain('bash .ci/deploy dist');
  });

  it('rebuild and deploy on a schedule only when the deployed schedule.json says a page went stale', () => {
    const scheduled = workflows.get('rebuild-when-stale.yml')!;
    expect((scheduled.on.schedule as { cron: string }[])[0]!.cron).toBe('*/15 * * * *');
    const { stale, rebuild } = scheduled.jobs;
    expect(stale!.steps!.map((s) => s.run).join('\n')).toMatch(/npx build-region stale ".*\/schedule\.json"/);
    expect(stale!.outputs?.stale).toBe('${{ steps.stale.outputs.stale }}');
    expect(needsOf(rebuild!)).toEqual(['stale']);
    expect(rebuild!.if).toBe("needs.stale.outputs.stale == 'true'");
    expect(rebuild!.uses).toBe('./.github/workflows/build-deploy.yml');
  });
});

/**
 * Reads every file of a site folder in a loop until stopped, then prints how many whole
 * passes it made, how many files it could not read and how many passes saw two builds.
 */
const READER = `
const fs = require('node:fs'); const path = require('node:path');
const root = process.argv[1]; let reads = 0, missing = 0, mixed = 0, stop = false;
process.on('SIGTERM', () => { stop = true; });
const files = ['hosts.json', ...Array.from({ length: 200 }, (_, i) => path.join(i % 2 ? 'us' : '', 'page-' + i + '.html'))];
(function pass() {
  if (stop) { process.stdout.write(JSON.stringify({ reads, missing, mixed })); return; }
  // The folder the link points at now, then every file of it: what one request reads.
  let release; try { release = fs.realpathSync(root); } catch { missing++; return setImmediate(pass); }
  const seen = new Set();
  for (const file of files) { try { seen.add(fs.readFileSync(path.join(release, file), 'utf8')); } catch { missing++; } }
  if (seen.size > 1) mixed++;
  reads++; setImmediate(pass);
})();
`;

describe('the commands the workflows call, run here', () => {
  it('build-region regions lists the content regions as JSON, for the matrix', async () => {
    const { model } = await compileContent({ cwd: PACKAGE_ROOT });
    const { status, stdout } = await cli(['regions', '--format', 'json']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual(model.regions.map((r) => r.data.code));
  });

  it('build-region stale says fresh before the next change and stale from it on, in $GITHUB_OUTPUT too', async () => {
    const schedule = path.join(inject('distDir'), 'schedule.json');
    const next = (JSON.parse(await readFile(schedule, 'utf8')) as { next: { at: string; time: number } }).next;
    const output = path.join(work, 'github-output');
    for (const [now, stale] of [
      [new Date(next.time - 1000).toISOString(), false],
      [next.at, true],
    ] as const) {
      await writeFile(output, '');
      const { status, stdout } = await cli(['stale', schedule, '--now', now], { GITHUB_OUTPUT: output });
      expect(status).toBe(0);
      expect(stdout).toMatch(stale ? /^stale since / : /^fresh until /);
      expect(await readFile(output, 'utf8')).toBe(`stale=${stale}\nnext=${next.at}\n`);
    }
    // No deployment yet (or a damaged one): rebuild, with a warning.
    await writeFile(output, '');
    const missingOne = await cli(['stale', path.join(work, 'no-such-schedule.json')], { GITHUB_OUTPUT: output });
    expect(missingOne.stderr).toContain('counting the site as stale');
    expect(await readFile(output, 'utf8')).toBe('stale=true\nnext=\n');
  });

  it('.ci/deploy switches the live site in one step: a reader during five deploys never misses a file or sees two builds mixed', async () => {
    const run = promisify(execFile);
    const target = path.join(work, 'target');
    const builds = [1, 2, 3, 4, 5].map((n) => path.join(work, `build-${n}`));
    for (const [n, build] of builds.entries()) {
      // A build of many files, each saying which build it is part of.
      for (let i = 0; i < 200; i++) {
        const file = path.join(build, i % 2 ? 'us' : '', `page-${i}.html`);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, `build ${n}`);
      }
      await writeFile(path.join(build, 'hosts.json'), `build ${n}`);
    }
    const env = { ...process.env, DEPLOY_TARGET: target, DEPLOY_RELOAD: '' };
    await run('bash', [path.join(PACKAGE_ROOT, '.ci', 'deploy'), builds[0]!], { env });
    // A reader in another process, as a web server would read: every file of the live site, over and over.
    const reader = spawn(process.execPath, ['-e', READER, path.join(target, 'current')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let report = '';
    reader.stdout.on('data', (chunk: Buffer) => (report += chunk));
    for (const build of builds.slice(1)) {
      const { stdout } = await run('bash', [path.join(PACKAGE_ROOT, '.ci', 'deploy'), build], { env });
      expect(stdout).toMatch(/^deploy: \S+ is live$/m);
    }
    reader.kill('SIGTERM');
    await new Promise((resolve) => reader.on('exit', resolve));
    const { reads, missing, mixed } = JSON.parse(report) as { reads: number; missing: number; mixed: number };
    expect(reads).toBeGreaterThan(0);
    expect({ missing, mixed }).toEqual({ missing: 0, mixed: 0 });
    expect(await readFile(path.join(target, 'current', 'us', 'page-1.html'), 'utf8')).toBe('build 4');
    expect((await readdir(path.join(target, 'releases'))).length).toBe(3);
  });

  it('.ci/deploy deploys nothing without a target but says what it would, and refuses a folder that is no build', async () => {
    const run = promisify(execFile);
    const { stdout } = await run('bash', [path.join(PACKAGE_ROOT, '.ci', 'deploy'), inject('distDir')], {
      env: { ...process.env, DEPLOY_TARGET: '' },
    });
    expect(stdout).toMatch(/^deploy: DEPLOY_TARGET is not set; would deploy \d+ files of /);
    await expect(
      run('bash', [path.join(PACKAGE_ROOT, '.ci', 'deploy'), work], { env: { ...process.env, DEPLOY_TARGET: '' } }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not a build'),
    });
  });
});
