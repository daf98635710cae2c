import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { normalizePath } from '../../core/paths.ts';
import { useNow, useSite, useT } from '../site.tsx';
import { isRouteOpen } from '../../core/time.ts';
import { isGateOpen } from '../../core/offers.ts';
import type { NavItem, SiteData } from '../../core/model.ts';
import { SiteLink } from './SiteLink.tsx';

/**
 * The header navigation of a region, from `navs` in its region.yaml (docs/runtime.md,
 * "Header navigation"): items with a link or a menu of children, a tag (label on its colour), an
 * icon, and items bound to stages of a stages list, which show only then (on server time).
 * `hidden` leaves an item out of the header, or out of the mobile or desktop layout only.
 * Below the desktop breakpoint the list folds into a menu button.
 */

/** Whether an item shows at this instant: not hidden from the header, and inside its stages if it has any. */
export function isNavItemShown(site: Pick<SiteData, 'stages'>, item: NavItem, now: number): boolean {
  if (item.hidden.includes('header')) return false;
  // A link to a time-windowed page shows exactly while the page is open.
  if (!isRouteOpen(item, now)) return false;
  if (item.stages === undefined) return true;
  return isGateOpen(site, { stages: item.stages, stage: item.stage ?? [] }, now);
}

/** The layout classes of `hidden`: an item kept out of the mobile or the desktop layout. */
function layoutClass(item: NavItem): string | undefined {
  const classes = [item.hidden.includes('mobile') && 'not-mobile', item.hidden.includes('desktop') && 'not-desktop'].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/** The runtime's icon set (`icon:` of a nav item); an unknown name draws nothing. */
const ICONS: Readonly<Record<string, ReactElement>> = {
  pumpkin: (
    <>
      <path d="M12 6c-1-2 0-3.5 1.5-4" fill="none" stroke="#3f7d20" strokeWidth="2" strokeLinecap="round" />
      <ellipse cx="8" cy="14" rx="5" ry="7" fill="#f97316" />
      <ellipse cx="16" cy="14" rx="5" ry="7" fill="#f97316" />
      <ellipse cx="12" cy="14" rx="4.5" ry="7.5" fill="#fb923c" />
      <path
        d="M8.5 12l1.5 1.5L11.5 12M12.5 12l1.5 1.5 1.5-1.5M9 17c2 1.2 4 1.2 6 0"
        fill="none"
        stroke="#7c2d12"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </>
  ),
  star: <path d="M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z" fill="#ffb23f" />,
};

function Icon({ name }: { name?: string }) {
  const drawing = name === undefined ? undefined : ICONS[name];
  if (!drawing) return null;
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" data-icon={name}>
      {drawing}
    </svg>
  );
}

function Tag({ tag }: { tag?: NavItem['tag'] }) {
  if (!tag) return null;
  return (
    <span className="nav-tag" style={{ background: tag.color }}>
      {tag.label}
    </span>
  );
}

function ItemLabel({ item }: { item: NavItem }) {
  return (
    <>
      <Icon name={item.icon} />
      <span className="nav-label" style={item.color ? { borderColor: item.color } : undefined}>
        {item.label}
      </span>
      <Tag tag={item.tag} />
    </>
  );
}

/** A link of the navigation, marked as the current page when it is. */
function NavLink({ item, current }: { item: NavItem & { link: string }; current?: string }) {
  const isCurrent = current !== undefined && normalizePath(item.link).toLowerCase() === current;
  return (
    <SiteLink href={item.link} aria-current={isCurrent ? 'page' : undefined} data-nav={item.identify}>
      <ItemLabel item={item} />
    </SiteLink>
  );
}

/** An item with children: a button that opens its menu (Escape closes it and returns focus). */
function NavMenu({ item, open, onToggle, current }: { item: NavItem; open: boolean; onToggle(open: boolean): void; current?: string }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const now = useNow();
  const site = useSite();
  const children = item.children.filter((child) => child.link !== undefined && isNavItemShown(site, child, now));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    onToggle(false);
    button.current?.focus();
  };
  return (
    <div className="nav-menu" onKeyDown={onKeyDown} data-nav={item.identify}>
      <button
        ref={button}
        type="button"
        className="nav-menu-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onToggle(!open)}
      >
        <ItemLabel item={item} />
        <svg className="nav-caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d={open ? 'M2 8l4-4 4 4' : 'M2 4l4 4 4-4'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={id} className="nav-submenu" hidden={!open}>
        {children.map((child) => (
          <li key={child.identify ?? child.link} className={layoutClass(child)}>
            <NavLink item={child as NavItem & { link: string }} current={current} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The header's navigation. `children` (the region and account links) follow the list: beside it
 * on wider screens, inside the folded menu on phones, so the header stays one row in every
 * language.
 */
export function SiteNav({ children }: { children?: ReactNode }) {
  const site = useSite();
  const t = useT();
  const now = useNow();
  const [location] = useLocation();
  const current = normalizePath(location).toLowerCase();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openItem, setOpenItem] = useState<string | undefined>(undefined);
  const nav = useRef<HTMLElement>(null);
  const items = site.navs.filter((item) => isNavItemShown(site, item, now) && (item.link !== undefined || item.children.length > 0));

  // A navigation closes every menu.
  useEffect(() => {
    setMenuOpen(false);
    setOpenItem(undefined);
  }, [location]);
  // So does a click anywhere else.
  useEffect(() => {
    if (!openItem && !menuOpen) return;
    const close = (event: PointerEvent) => {
      if (nav.current && !nav.current.contains(event.target as Node)) {
        setOpenItem(undefined);
        setMenuOpen(false);
      }
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [openItem, menuOpen]);

  return (
    <nav ref={nav} className={menuOpen ? 'site-nav open' : 'site-nav'} aria-label={t('a11y.mainNav')}>
      <button
        type="button"
        className="menu-toggle"
        aria-label={t('nav.menu')}
        aria-expanded={menuOpen}
        aria-controls="site-nav-panel"
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span className="menu-label">{t('nav.menu')}</span>
      </button>
      <div id="site-nav-panel" className="nav-panel">
        <ul id="site-nav-list" className="nav-list">
          {items.map((item) => {
            const key = item.identify ?? item.label;
            return (
              <li key={key} className={layoutClass(item)}>
                {item.children.length > 0 ? (
                  <NavMenu item={item} current={current} open={openItem === key} onToggle={(open) => setOpenItem(open ? key : undefined)} />
                ) : (
                  <NavLink item={item as NavItem & { link: string }} current={current} />
                )}
              </li>
            );
          })}
        </ul>
        {children}
      </div>
    </nav>
  );
}
