import type { ReactNode } from 'react';
/** Colours of one robot drawing. */
export interface Palette {
  readonly backdrop: string;
  readonly ring: string;
  readonly from: string;
  readonly to: string;
  readonly limbs: string;
  readonly eyes: string;
}

export const BRAND_PALETTE: Palette = {
  backdrop: '#17305c',
  ring: '#2f5ea8',
  from: '#ffb23f',
  to: '#f2542d',
  limbs: '#ffd36b',
  eyes: '#5ee6ff',
};

export interface RobotArtProps {
  title: string;
  palette?: Palette;
  /** Prefix of the drawing's gradient id, unique on the page. */
  id?: string;
  /** A file of its own: carries the SVG namespace. */
  standalone?: boolean;
}

/**
 * The frame every drawing shares: a 320x320 SVG named by its title (a `<title>` too in a file of
 * its own), with the body gradient of its palette under the id `gradient`.
 */
export function ArtFrame({
  title,
  palette,
  gradient,
  standalone,
  drawing,
  children,
}: {
  title: string;
  palette: Palette;
  gradient: string;
  standalone: boolean;
  drawing?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className="robot-art"
      viewBox="0 0 320 320"
      width="320"
      height="320"
      role="img"
      aria-label={title}
      {...(drawing !== undefined && { 'data-drawing': drawing })}
      {...(standalone && { xmlns: 'http://www.w3.org/2000/svg' })}
    >
      {standalone && <title>{title}</title>}
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={palette.from} />
          <stop offset="1" stopColor={palette.to} />
        </linearGradient>
      </defs>
      {children}
    </svg>
  );
}

/** An original, stylised transforming robot, drawn inline (the brand's own illustration). */
export function RobotArt({ title, palette = BRAND_PALETTE, id = 'robot', standalone = false }: RobotArtProps) {
  const body = `${id}-body`;
  return (
    <ArtFrame title={title} palette={palette} gradient={body} standalone={standalone}>
      <circle cx="160" cy="160" r="150" fill={palette.backdrop} />
      <circle cx="160" cy="160" r="118" fill="none" stroke={palette.ring} strokeWidth="2" strokeDasharray="6 10" />
      <rect x="112" y="58" width="96" height="70" rx="18" fill={`url(#${body})`} />
      <rect x="128" y="80" width="64" height="24" rx="12" fill="#0b1a33" />
      <circle cx="146" cy="92" r="7" fill={palette.eyes} />
      <circle cx="174" cy="92" r="7" fill={palette.eyes} />
      <rect x="154" y="38" width="12" height="22" rx="4" fill={palette.limbs} />
      <rect x="96" y="136" width="128" height="92" rx="20" fill={`url(#${body})`} />
      <path d="M128 160h64l-10 36h-44z" fill="#0b1a33" />
      <circle cx="160" cy="176" r="10" fill={palette.eyes} />
      <rect x="62" y="142" width="28" height="74" rx="12" fill={palette.limbs} />
      <rect x="230" y="142" width="28" height="74" rx="12" fill={palette.limbs} />
      <rect x="112" y="232" width="34" height="50" rx="10" fill={palette.limbs} />
      <rect x="174" y="232" width="34" height="50" rx="10" fill={palette.limbs} />
      <circle cx="129" cy="282" r="14" fill="#0b1a33" stroke={palette.eyes} strokeWidth="4" />
      <circle cx="191" cy="282" r="14" fill="#0b1a33" stroke={palette.eyes} strokeWidth="4" />
    </ArtFrame>
  );
}
