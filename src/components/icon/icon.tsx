import { iconId, type IconName } from './icon-names.ts';

interface IconProps {
  name: IconName;
  className?: string | undefined;
}

/**
 * A decorative icon (hidden from assistive technology): a reference to its drawing in the
 * document's sprite. The drawings are in the HTML, where the page needs them before any script has
 * run, so the app's script carries only their names (decision 17). Stroke settings as lucide's
 * own, inherited by the symbol.
 */
export function Icon({ name, className }: IconProps) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}
