import { useId, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useSite, useT } from '../site.tsx';
import type { DeviceClass } from '../effects.ts';

export interface CollapseProps {
  /** Height in px the content is cut to, per device class; a class not named shows it whole. */
  limits: Partial<Record<DeviceClass, number>>;
  children: ReactNode;
}

/**
 * The collapse effect: content cut to a height that depends on the device class (window, ipad,
 * mobile; docs/runtime.md), with a button that opens it in `durations.collapse` (0.5 s).
 * The whole content is in the HTML (search engines and find-in-page see it); where a device
 * class has no limit, the content shows whole and the button is not there.
 */
export function Collapse({ limits, children }: CollapseProps) {
  const site = useSite();
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const style = {
    '--collapse-duration': `${site.constants.durations.collapse}ms`,
    ...Object.fromEntries(
      (['window', 'ipad', 'mobile'] as const).map((device) => [
        `--collapse-${device}`,
        limits[device] === undefined ? 'none' : `${limits[device]}px`,
      ]),
    ),
  } as CSSProperties;
  const limited = (['window', 'ipad', 'mobile'] as const)
    .filter((device) => limits[device] !== undefined)
    .map((device) => `limit-${device}`);
  return (
    <div className={['collapse', ...limited].join(' ')} data-open={open} style={style}>
      <div className="collapse-body" id={id}>
        {children}
      </div>
      <button type="button" className="collapse-toggle link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t('collapse.less') : t('collapse.more')}
      </button>
    </div>
  );
}
