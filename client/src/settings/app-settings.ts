/**
 * App settings, persisted in localStorage 'app-settings' and applied to <html> as a
 * class (dark), attributes (dir, data-*) and CSS variables that the Tailwind theme reads.
 */
import { STORAGE_KEYS } from '#shared/constants.ts';
import { readJson, writeJson } from '#client/lib/storage.ts';

export const COLOR_SCHEMES = ['light', 'dark', 'system'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export const CONTRASTS = ['default', 'high'] as const;
export const NAV_LAYOUTS = ['vertical', 'mini'] as const;
export const NAV_COLORS = ['integrate', 'apparent'] as const;
export const FONT_FAMILIES = ['system', 'serif', 'mono'] as const;

/** Accent colours the settings offer; their shades for light and dark surfaces are in palette.css. */
export const PRIMARY_COLORS = ['green', 'blue', 'purple', 'orange', 'red'] as const;
export type PrimaryColor = (typeof PRIMARY_COLORS)[number];

/** System font stacks only: no request may leave the server's origin. */
export const FONT_STACKS: Record<(typeof FONT_FAMILIES)[number], string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", "Noto Serif", serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
};

export interface AppSettings {
  colorScheme: (typeof COLOR_SCHEMES)[number];
  direction: (typeof DIRECTIONS)[number];
  contrast: (typeof CONTRASTS)[number];
  navLayout: (typeof NAV_LAYOUTS)[number];
  primaryColor: PrimaryColor;
  navColor: (typeof NAV_COLORS)[number];
  compactLayout: boolean;
  fontFamily: (typeof FONT_FAMILIES)[number];
}

export const DEFAULT_SETTINGS: AppSettings = {
  colorScheme: 'light',
  direction: 'ltr',
  contrast: 'default',
  navLayout: 'vertical',
  primaryColor: 'green',
  navColor: 'integrate',
  compactLayout: false,
  fontFamily: 'system',
};

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;

/** Whatever is stored, field by field: an unknown value falls back to its default. */
export function parseSettings(raw: unknown): AppSettings {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const d = DEFAULT_SETTINGS;
  return {
    colorScheme: oneOf(COLOR_SCHEMES, s.colorScheme, d.colorScheme),
    direction: oneOf(DIRECTIONS, s.direction, d.direction),
    contrast: oneOf(CONTRASTS, s.contrast, d.contrast),
    navLayout: oneOf(NAV_LAYOUTS, s.navLayout, d.navLayout),
    primaryColor: oneOf(PRIMARY_COLORS, s.primaryColor, d.primaryColor),
    navColor: oneOf(NAV_COLORS, s.navColor, d.navColor),
    compactLayout: typeof s.compactLayout === 'boolean' ? s.compactLayout : d.compactLayout,
    fontFamily: oneOf(FONT_FAMILIES, s.fontFamily, d.fontFamily),
  };
}

export const loadSettings = () => parseSettings(readJson(STORAGE_KEYS.appSettings));

export function saveSettings(settings: AppSettings): void {
  writeJson(STORAGE_KEYS.appSettings, settings);
  writeJson(STORAGE_KEYS.themeMode, settings.colorScheme);
}

export function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applySettings(s: AppSettings, root: HTMLElement = document.documentElement): void {
  const dark = s.colorScheme === 'dark' || (s.colorScheme === 'system' && prefersDark());
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.dir = s.direction;
  root.dataset.contrast = s.contrast;
  root.dataset.navColor = s.navColor;
  root.dataset.compact = String(s.compactLayout);
  root.dataset.accent = s.primaryColor;
  root.style.setProperty('--app-font', FONT_STACKS[s.fontFamily]);
}
