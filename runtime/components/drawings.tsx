import type { ReactNode } from 'react';
import type { Drawing } from '../../schema/types.ts';
import type { Palette } from './RobotArt.tsx';

/**
 * The figures of the product drawings (ProductArt.tsx), one per drawing kind of products.yaml,
 * on a 320 x 320 canvas: original flat shapes in the product's palette. `body` is the url() of
 * the drawing's gradient. A transforming product shows both its forms, each a group named by
 * `data-form` (the large one first).
 */
export interface FigureProps {
  readonly palette: Palette;
  readonly body: string;
}

const DARK = '#0b1a33';
const GLASS = '#bfe9ff';

/** A wheel: a hub in its tyre. */
const wheel = (cx: number, cy: number, r: number, hub: string) => (
  <circle cx={cx} cy={cy} r={r * 0.72} fill={hub} stroke={DARK} strokeWidth={r * 0.56} />
);

/** The curved arrow between a product's two forms. */
const Turn = ({ palette }: { palette: Palette }) => (
  <path
    d="M236 150a44 44 0 0 1 50 36l8-6m-8 6-8-6"
    fill="none"
    stroke={palette.eyes}
    strokeWidth="6"
    strokeLinecap="round"
    strokeLinejoin="round"
  />
);

/**
 * The robot form of a transforming product, 140 wide: door wings (`car`) or exhaust stacks
 * and a windowed chest (`truck`) tell the two apart.
 */
function Bot({ palette, body, variant, transform }: FigureProps & { variant: 'car' | 'truck'; transform: string }) {
  const { limbs, eyes } = palette;
  return (
    <g data-form="robot" transform={transform}>
      <g fill={limbs}>
        {variant === 'truck' && <path d="M4 14h8v32H4zm124 0h8v32h-8zM64-10h12v12H64zM42 6h6v24h-6zm50 0h6v24h-6z" />}
        <rect y="44" width="20" height="72" rx="8" />
        <rect x="120" y="44" width="20" height="72" rx="8" />
        <rect x="38" y="112" width="64" height="16" rx="5" />
        <rect x="28" y="206" width="40" height="16" rx="5" />
        <rect x="72" y="206" width="40" height="16" rx="5" />
      </g>
      <g fill={body}>
        {variant === 'car' && <path d="M22 46 2 4l26 20zm96 0 20-42-26 20z" />}
        <rect x="48" width="44" height="36" rx="10" />
        <path d="M18 40h104l-10 72H28z" />
        <rect x="34" y="128" width="30" height="80" rx="7" />
        <rect x="76" y="128" width="30" height="80" rx="7" />
      </g>
      <rect x="55" y="12" width="30" height="11" rx="5" fill={eyes} />
      <path d={variant === 'car' ? 'M36 50h68l-8 24H44z' : 'M34 50h33v26H34zm39 0h33v26H73z'} fill={GLASS} />
      <rect x="42" y="88" width="56" height="8" rx="4" fill={DARK} />
      {wheel(49, 168, 12, limbs)}
      {wheel(91, 168, 12, limbs)}
    </g>
  );
}

/** A transforming robot and the car it becomes. */
export function CarRobot(props: FigureProps) {
  return (
    <>
      <Bot {...props} variant="car" transform="translate(36 44)" />
      <Turn palette={props.palette} />
      <g data-form="vehicle" transform="translate(180 206)">
        <path d="M0 44v-8q0-12 14-14l20-2 18-14h40l22 16q16 2 16 14v8z" fill={props.body} />
        <path d="M56 10h34l16 12H44z" fill={GLASS} />
        {wheel(30, 44, 13, props.palette.limbs)}
        {wheel(100, 44, 13, props.palette.limbs)}
      </g>
    </>
  );
}

/** A transforming robot and the truck it becomes. */
export function TruckRobot(props: FigureProps) {
  return (
    <>
      <Bot {...props} variant="truck" transform="translate(36 50)" />
      <Turn palette={props.palette} />
      <g data-form="vehicle" transform="translate(176 196)">
        <path d="M0 34h70v14H0zm64-50h6v18h-6z" fill={props.palette.limbs} />
        <path d="M62 5q0-5 5-5h34q5 0 5 5v15h23q5 0 5 5v23H62z" fill={props.body} />
        <rect x="72" y="8" width="26" height="16" rx="3" fill={GLASS} />
        {wheel(24, 52, 11, props.palette.limbs)}
        {wheel(50, 52, 11, props.palette.limbs)}
        {wheel(114, 52, 11, props.palette.limbs)}
      </g>
    </>
  );
}

/** A robot dinosaur, and the robot it becomes (small). */
export function DinoRobot(props: FigureProps) {
  const { limbs, eyes } = props.palette;
  return (
    <>
      <g data-form="beast">
        <g fill={limbs} fillOpacity=".6">
          <ellipse cx="118" cy="196" rx="26" ry="30" />
          <path d="M104 214l-8 46h28l10-44z" />
        </g>
        <path
          d="M8 150q60 20 104-22 50-30 92-10l10-48q4-14 18-14h50q12 0 12 12v30h-40v8h32v14q0 10-10 10h-40l-10 28q-10 56-70 58h-40q-50-4-108-66z"
          fill={props.body}
        />
        <path d="M244 100h6v6h-6zm12 0h6v6h-6zm12 0h6v6h-6zm-20 20h6v-6h-6zm12 0h6v-6h-6z" fill="#fff" />
        <circle cx="246" cy="74" r="7" fill={eyes} />
        <path
          d="M198 150l28 12-4 8 10 4m-34-12 22 16"
          fill="none"
          stroke={limbs}
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M70 132l12-24 10 20 14-26 10 24 16-26 8 28zm76 90-10 40h34l6-40z" fill={limbs} />
        <ellipse cx="160" cy="196" rx="30" ry="34" fill={limbs} />
        <path d="M128 260h52v12h-58z" fill={props.body} />
      </g>
      <Bot {...props} variant="truck" transform="translate(246 184) scale(.38)" />
    </>
  );
}

/** A small robot with a big head. */
export function SmallRobot({ palette, body }: FigureProps) {
  const { limbs, eyes } = palette;
  return (
    <>
      <path d="M160 62V36" stroke={limbs} strokeWidth="6" />
      <circle cx="160" cy="32" r="10" fill={eyes} />
      <rect x="72" y="60" width="176" height="124" rx="48" fill={body} />
      <rect x="96" y="90" width="128" height="64" rx="32" fill={DARK} />
      <circle cx="132" cy="122" r="16" fill={eyes} />
      <circle cx="188" cy="122" r="16" fill={eyes} />
      <rect x="60" y="106" width="14" height="34" rx="6" fill={limbs} />
      <rect x="246" y="106" width="14" height="34" rx="6" fill={limbs} />
      <rect x="116" y="188" width="88" height="62" rx="18" fill={body} />
      <circle cx="160" cy="218" r="10" fill={eyes} />
      <rect x="86" y="194" width="26" height="44" rx="12" fill={limbs} transform="rotate(24 99 196)" />
      <rect x="208" y="194" width="26" height="44" rx="12" fill={limbs} transform="rotate(-24 221 196)" />
      <rect x="124" y="250" width="28" height="30" rx="8" fill={limbs} />
      <rect x="168" y="250" width="28" height="30" rx="8" fill={limbs} />
    </>
  );
}

/** A winged figure in a space helmet, among stars. */
export function SpaceRanger({ palette, body }: FigureProps) {
  const { limbs, eyes, ring } = palette;
  return (
    <>
      <path
        d="M40 40l4 10 10 4-10 4-4 10-4-10-10-4 10-4zm236 10l3 8 8 3-8 3-3 8-3-8-8-3 8-3zM266 230l3 7 7 3-7 3-3 7-3-7-7-3 7-3z"
        fill={eyes}
      />
      <path d="M126 136 26 112l30 56 72 4zm68 0 100-24-30 56-72 4z" fill={ring} />
      <path d="M126 140 40 124l22 34 66 4zm68 0 86-16-22 34-66 4z" fill={limbs} />
      <rect x="112" y="126" width="96" height="88" rx="26" fill={body} />
      <rect x="136" y="146" width="48" height="34" rx="6" fill={DARK} />
      <circle cx="150" cy="158" r="5" fill="#ef4444" />
      <circle cx="170" cy="158" r="5" fill={limbs} />
      <rect x="146" y="168" width="28" height="5" rx="2" fill={eyes} />
      <rect x="86" y="132" width="26" height="70" rx="12" fill={body} />
      <rect x="208" y="132" width="26" height="70" rx="12" fill={body} />
      <rect x="120" y="212" width="34" height="64" rx="10" fill={body} />
      <rect x="166" y="212" width="34" height="64" rx="10" fill={body} />
      <rect x="116" y="262" width="42" height="16" rx="6" fill={limbs} />
      <rect x="162" y="262" width="42" height="16" rx="6" fill={limbs} />
      <circle cx="160" cy="92" r="42" fill={ring} />
      <circle cx="160" cy="96" r="26" fill="#f2c9a0" />
      <path d="M136 86q24-22 48 0z" fill="#6b4b3a" />
      <circle cx="150" cy="98" r="3.5" fill={DARK} />
      <circle cx="170" cy="98" r="3.5" fill={DARK} />
      <circle cx="160" cy="92" r="44" fill={GLASS} fillOpacity=".3" stroke="#fff" strokeWidth="4" />
      <path d="M134 64q14-10 30-8" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
    </>
  );
}

/** A programmable robot with code on its face screen, beside the code blocks that drive it. */
export function CodingRobot({ palette, body }: FigureProps) {
  const { limbs, eyes, ring } = palette;
  return (
    <>
      <rect x="214" y="70" width="76" height="34" rx="8" fill={ring} />
      <rect x="226" y="116" width="64" height="34" rx="8" fill={eyes} />
      <rect x="214" y="162" width="76" height="34" rx="8" fill={limbs} />
      <path d="M226 70v-6h16v6m-16 46v-6h16v6m-16 46v-6h16v6" fill="none" stroke={DARK} strokeWidth="4" />
      <rect x="40" y="52" width="156" height="112" rx="22" fill={body} />
      <rect x="56" y="68" width="124" height="80" rx="12" fill={DARK} />
      <path
        d="M96 90 76 108l20 18m44-36 20 18-20 18m-14-42-12 48"
        fill="none"
        stroke={eyes}
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="80" y="170" width="76" height="66" rx="14" fill={body} />
      <rect x="54" y="176" width="20" height="50" rx="9" fill={limbs} />
      <rect x="162" y="176" width="20" height="50" rx="9" fill={limbs} />
      <rect x="88" y="236" width="24" height="36" rx="7" fill={limbs} />
      <rect x="124" y="236" width="24" height="36" rx="7" fill={limbs} />
    </>
  );
}

/** A stand for a robot, with a voice light rising from it. */
export function AiBase({ palette, body }: FigureProps) {
  const { limbs, eyes } = palette;
  return (
    <>
      <path d="M104 200 132 60h56l28 140z" fill={eyes} fillOpacity=".22" />
      <path d="M128 128v24m16-48v72m16-96v120m16-96v72m16-48v24" stroke={eyes} strokeWidth="9" strokeLinecap="round" />
      <path d="M40 212v36q0 22 120 22t120-22v-36z" fill={limbs} />
      <ellipse cx="160" cy="212" rx="120" ry="30" fill={body} />
      <ellipse cx="160" cy="210" rx="70" ry="15" fill="none" stroke={eyes} strokeWidth="6" />
      <circle cx="160" cy="248" r="6" fill={eyes} />
    </>
  );
}

/** A gift box: products sold together. */
export function Bundle({ palette, body }: FigureProps) {
  const { limbs, eyes } = palette;
  return (
    <>
      <path d="M158 104q-50-56-70-22t70 22q50-56 70-22t-70 22" fill="none" stroke={limbs} strokeWidth="12" strokeLinejoin="round" />
      <rect x="72" y="140" width="176" height="136" rx="10" fill={body} />
      <rect x="60" y="104" width="200" height="44" rx="10" fill={body} />
      <rect x="60" y="140" width="200" height="8" fill={DARK} fillOpacity=".25" />
      <rect x="146" y="104" width="28" height="172" fill={limbs} />
      <circle cx="252" cy="88" r="30" fill={eyes} />
      <path d="M252 72v32m-16-16h32" stroke={DARK} strokeWidth="8" strokeLinecap="round" />
    </>
  );
}

/** The humanoid robot: a product's drawing when its content names no other. */
export function Robot({ palette, body }: FigureProps) {
  return (
    <>
      <rect x="112" y="58" width="96" height="70" rx="18" fill={body} />
      <rect x="128" y="80" width="64" height="24" rx="12" fill={DARK} />
      <circle cx="146" cy="92" r="7" fill={palette.eyes} />
      <circle cx="174" cy="92" r="7" fill={palette.eyes} />
      <rect x="154" y="38" width="12" height="22" rx="4" fill={palette.limbs} />
      <rect x="96" y="136" width="128" height="92" rx="20" fill={body} />
      <path d="M128 160h64l-10 36h-44z" fill={DARK} />
      <circle cx="160" cy="176" r="10" fill={palette.eyes} />
      <rect x="62" y="142" width="28" height="74" rx="12" fill={palette.limbs} />
      <rect x="230" y="142" width="28" height="74" rx="12" fill={palette.limbs} />
      <rect x="112" y="232" width="34" height="44" rx="10" fill={palette.limbs} />
      <rect x="174" y="232" width="34" height="44" rx="10" fill={palette.limbs} />
    </>
  );
}

/** The figure of each drawing kind. */
export const FIGURES: Readonly<Record<Drawing, (props: FigureProps) => ReactNode>> = {
  robot: Robot,
  'car-robot': CarRobot,
  'truck-robot': TruckRobot,
  'dino-robot': DinoRobot,
  'small-robot': SmallRobot,
  'space-ranger': SpaceRanger,
  'coding-robot': CodingRobot,
  'ai-base': AiBase,
  bundle: Bundle,
};
