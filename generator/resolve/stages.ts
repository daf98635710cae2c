import type { StageIndexes, StagesList as StagesListInput } from '../../schema/types.ts';
import { currentStage } from '../../core/time.ts';
import { createDiagnostic, suggest } from '../diagnostics/index.ts';
import { rangeOfPath } from '../load/source-file.ts';
import type { SourceFile } from '../load/source-file.ts';
import type { Report } from './model.ts';

/** Parses an instant written with an explicit offset; NaN when it is not a real date. */
export function parseInstant(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
  if (!match) return NaN;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0] = match.slice(1).map(Number);
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59) return NaN;
  return Date.parse(text);
}

/** A stages list with its instants in epoch milliseconds, and where it is written. */
export interface StagesList {
  readonly instants: readonly number[];
  readonly archived: boolean;
  readonly source: SourceFile;
}

/** The stages lists a region can name: its own, then the shared ones of stages.yaml. */
export interface StagesScope {
  readonly lists: ReadonlyMap<string, StagesList>;
  /** Lists that exist but are invalid (already reported): their users are not reported again. */
  readonly broken: ReadonlySet<string>;
  /** True when stages.yaml exists but is invalid: then any name might have been one of its lists. */
  readonly sharedUnknown: boolean;
}

/** Resolves the named lists of one file (`stages` of stages.yaml or of a region). */
export function resolveStagesLists(
  source: SourceFile,
  lists: Readonly<Record<string, StagesListInput>> | undefined,
  at: readonly string[],
  report: Report,
): StagesScope {
  const resolved = new Map<string, StagesList>();
  const broken = new Set<string>();
  for (const [name, list] of Object.entries(lists ?? {})) {
    const instants: number[] = [];
    let ok = true;
    list.instants.forEach((text, index) => {
      const value = parseInstant(text);
      const where = () => rangeOfPath(source, [...at, name, 'instants', String(index)]);
      if (Number.isNaN(value)) {
        report(createDiagnostic('E0213', { text }, where()));
        ok = false;
      } else if (instants.length && value <= instants[instants.length - 1]!) {
        report(createDiagnostic('E0212', { position: index + 1, list: name, instant: text }, where()));
        ok = false;
      }
      instants.push(value);
    });
    if (ok) resolved.set(name, { instants, archived: list.archived ?? false, source });
    else broken.add(name);
  }
  return { lists: resolved, broken, sharedUnknown: false };
}

/** A region's scope: its own lists hide shared lists of the same name. */
export function combineScopes(shared: StagesScope, local: StagesScope): StagesScope {
  return {
    lists: new Map([...shared.lists, ...local.lists]),
    broken: new Set([...shared.broken, ...local.broken]),
    sharedUnknown: shared.sharedUnknown,
  };
}

/** Something gated by stages, as written: a list name and the stage indexes. */
export interface GateInput {
  readonly stages?: string;
  readonly stage?: StageIndexes;
}

/**
 * Checks a stage gate (list name and indexes) at a node. Returns the list it uses when the gate
 * resolved, undefined when it did not (and reports why, unless the list was reported already).
 * With `now`, a gate whose stages are all over is a warning (not for archived lists).
 */
export function checkGate(
  scope: StagesScope,
  source: SourceFile,
  at: readonly string[],
  gate: GateInput,
  now: number | undefined,
  report: Report,
): { ok: boolean; list?: string } {
  if (gate.stages === undefined) return { ok: true };
  const list = scope.lists.get(gate.stages);
  if (!list) {
    if (!scope.broken.has(gate.stages) && !scope.sharedUnknown) {
      report(
        createDiagnostic(
          'E0210',
          { list: gate.stages, guess: suggest(gate.stages, [...scope.lists.keys()]) },
          rangeOfPath(source, [...at, 'stages']),
        ),
      );
    }
    return { ok: false };
  }
  let ok = true;
  (gate.stage ?? []).forEach((index, i) => {
    if (index > list.instants.length) {
      report(
        createDiagnostic(
          'E0211',
          { index, list: gate.stages!, last: list.instants.length },
          rangeOfPath(source, [...at, 'stage', String(i)]),
        ),
      );
      ok = false;
    }
  });
  if (ok && now !== undefined && !list.archived && gate.stage?.length) {
    const current = currentStage(list.instants, now);
    if (gate.stage.every((index) => index < current)) {
      report(createDiagnostic('W0303', { list: gate.stages, stages: gate.stage, current }, rangeOfPath(source, [...at, 'stage'])));
    }
  }
  return { ok, list: gate.stages };
}

/** Stage indexes in ascending order, as the runtime reads them. */
export function sortedStages(stage: StageIndexes | undefined): number[] {
  return [...(stage ?? [])].sort((a, b) => a - b);
}
