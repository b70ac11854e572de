interface AppLogoProps {
  size?: number;
  showName?: boolean;
}

/** The product mark: a safety helmet on the brand yellow. Decorative next to the written name. */
export function AppLogo({ size = 32, showName = true }: AppLogoProps) {
  return (
    <span className="app-logo">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect className="app-logo__bg" width="64" height="64" rx="14" fill="#f5c400" />
        <path className="app-logo__helmet" d="M14 40a18 18 0 0 1 36 0z" fill="#1f1f1f" />
        <rect className="app-logo__bg" x="29" y="22" width="6" height="12" fill="#f5c400" />
        <rect className="app-logo__helmet" x="10" y="40" width="44" height="6" rx="3" fill="#1f1f1f" />
      </svg>
      {showName && <span className="app-logo__name">Andes HSE</span>}
    </span>
  );
}
