import { useEffect, useState } from 'react';
import { useApp, useNow, useSite, useT } from '../site.tsx';
import { currentStage, isRouteOpen } from '../../core/time.ts';
import { isGateOpen } from '../../core/offers.ts';
import type { SiteData, StageGate } from '../../core/model.ts';
import { SiteLink } from './SiteLink.tsx';
import { countText } from '../../core/plurals.ts';
import { formatsOf } from '../../core/locale.ts';

/**
 * The home page's countdown (docs/runtime.md): shown while the current stage of its stages
 * list is one of its stages (judged on server time), it counts down to the end of that stage.
 */

/** When the current stage of a gate's list ends: its next instant, or undefined in the last stage. */
export function stageEnd(site: Pick<SiteData, 'stages'>, gate: StageGate, now: number): number | undefined {
  const list = site.stages[gate.stages];
  return list?.[currentStage(list, now)];
}

/** Whole days, hours, minutes and seconds of a span of milliseconds. */
export function splitSpan(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

export function Countdown() {
  const site = useSite();
  const t = useT();
  const app = useApp();
  const now = useNow();
  // The clock's instant changes only when it reads server time; the seconds tick locally from
  // there (the first render, as the prerendered HTML, uses the clock's instant).
  const [ticked, setTicked] = useState<number | undefined>(undefined);
  useEffect(() => {
    const timer = setInterval(() => setTicked(app.clock.now()), 1000);
    return () => clearInterval(timer);
  }, [app]);
  const countdown = site.countdown;
  if (!countdown || !isGateOpen(site, countdown, now) || !isRouteOpen(countdown, now)) return null;
  const end = stageEnd(site, countdown, now);
  const at = Math.max(now, ticked ?? now);
  const left = end === undefined ? undefined : splitSpan(end - at);
  return (
    // Live at once (runtime/parts.ts): it ticks.
    <section className="countdown" aria-labelledby="countdown-title" data-testid="countdown" data-live="">
      <h2 id="countdown-title">{countdown.title}</h2>
      {left && (
        <p className="countdown-time">
          <span className="countdown-ends">{t('countdown.endsIn')}</span>
          <time dateTime={`PT${Math.max(0, Math.floor((end! - at) / 1000))}S`}>
            {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
              <span className="countdown-unit" key={unit}>
                <strong>{String(left[unit]).padStart(2, '0')}</strong> {countText(t, `countdown.${unit}`, formatsOf(site), left[unit])}
              </span>
            ))}
          </time>
        </p>
      )}
      <SiteLink className="button" href={countdown.link}>
        {countdown.button}
      </SiteLink>
    </section>
  );
}
