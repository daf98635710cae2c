/** The brand's hero illustration: an original, stylised transforming robot, drawn inline. */
export function RobotArt({ title }: { title: string }) {
  return (
    <svg className="robot-art" viewBox="0 0 320 320" width="320" height="320" role="img" aria-label={title}>
      <defs>
        <linearGradient id="robot-body" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb23f" />
          <stop offset="1" stopColor="#f2542d" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="160" r="150" fill="#17305c" />
      <circle cx="160" cy="160" r="118" fill="none" stroke="#2f5ea8" strokeWidth="2" strokeDasharray="6 10" />
      <rect x="112" y="58" width="96" height="70" rx="18" fill="url(#robot-body)" />
      <rect x="128" y="80" width="64" height="24" rx="12" fill="#0b1a33" />
      <circle cx="146" cy="92" r="7" fill="#5ee6ff" />
      <circle cx="174" cy="92" r="7" fill="#5ee6ff" />
      <rect x="154" y="38" width="12" height="22" rx="4" fill="#ffd36b" />
      <rect x="96" y="136" width="128" height="92" rx="20" fill="url(#robot-body)" />
      <path d="M128 160h64l-10 36h-44z" fill="#0b1a33" />
      <circle cx="160" cy="176" r="10" fill="#5ee6ff" />
      <rect x="62" y="142" width="28" height="74" rx="12" fill="#ffd36b" />
      <rect x="230" y="142" width="28" height="74" rx="12" fill="#ffd36b" />
      <rect x="112" y="232" width="34" height="50" rx="10" fill="#ffd36b" />
      <rect x="174" y="232" width="34" height="50" rx="10" fill="#ffd36b" />
      <circle cx="129" cy="282" r="14" fill="#0b1a33" stroke="#5ee6ff" strokeWidth="4" />
      <circle cx="191" cy="282" r="14" fill="#0b1a33" stroke="#5ee6ff" strokeWidth="4" />
    </svg>
  );
}
