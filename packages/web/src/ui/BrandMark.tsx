import type { ReactElement } from 'react';

/** The product's leaf mark (decorative: the title next to it carries the name). */
export function BrandMark({ size = 32 }: { size?: number }): ReactElement {
  return (
    <svg className="fs-brandmark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f7a45" />
      <path d="M32 12c-9 8-14 16-14 24a14 14 0 0 0 28 0c0-8-5-16-14-24z" fill="#c8e6c9" />
      <path d="M32 22v30M32 36l-7-6M32 42l7-6" stroke="#1f7a45" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}
